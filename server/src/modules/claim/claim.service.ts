import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/config.ts';
import { FailedDependencyError, ValidationFailure } from '../../http/errors.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { assertAcceptableImage, assertPlainFileName } from '../files/image-checks.ts';
import type { MalwareScanner } from '../files/malware-scan.ts';
import type { ReceivedFile } from '../files/upload-receiver.ts';
import { SANITIZE_QUEUE } from '../jobs/queue.ts';
import type { FileStorage } from '../files/storage.ts';
import { checkWithTimeout, type IdentityProvider } from '../identity/identity-provider.ts';
import { addToOutbox, queueSending } from '../mail/outbox.ts';
import { confirmationEmail, verificationEmail } from '../mail/templates.ts';
import { claimAlreadySubmitted, claimExpired, claimNotFound } from './claim.errors.ts';
import { isExpired, LINK_LIFETIME_HOURS } from './claim.lifetime.ts';
import { claimRepository, type ClaimRecord } from './claim.repository.ts';
import { keptDetails, personalDetailsProblems, submissionProblems, submittedFiles } from './claim.rules.ts';
import type { ClaimSubmission, FileType, PersonalDetails } from './claim.types.ts';
import { claimReference } from './reference.ts';
import { isDbgTicketNumberFormat } from './ticket-number.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';

export interface ClaimServiceDependencies {
  config: Config;
  em: EntityManager;
  boss: PgBoss;
  identity: IdentityProvider;
  identityTimeoutMs: number;
  storage: FileStorage;
  scanner?: MalwareScanner;
  limits: RateLimits;
}


/** The claimant's journey: each method is one call of spec section 7. */
export function claimService({ config, em: rootEm, boss, identity, identityTimeoutMs, storage, scanner, limits }: ClaimServiceDependencies) {
  const fresh = () => rootEm.fork();
  const startPerClient = { name: 'start-client', points: config.startLimitPerClient, durationSeconds: 15 * 60 };
  const startPerEmail = { name: 'start-email', points: config.startLimitPerEmail, durationSeconds: 60 * 60 };

  /**
   * The open claim a link token names; 404, 409 or 410 otherwise. Only reads: a call's activity is
   * recorded once it has succeeded (`recordActivity`), so a refused request changes nothing.
   */
  async function openClaim(em: EntityManager, token: string): Promise<ClaimRecord> {
    const claim = await claimRepository(em).findByTokenHash(hashLinkToken(token));
    if (!claim) throw claimNotFound();
    if (claim.status === 'submitted') throw claimAlreadySubmitted();
    if (isExpired(claim, config.claimInactivityMinutes)) throw claimExpired();
    return claim;
  }

  async function recordActivity(em: EntityManager, claimId: string): Promise<void> {
    if ((await claimRepository(em).touch(claimId)) === 0) throw claimAlreadySubmitted();
  }

  const service = {
    async start(email: string, client: string): Promise<{ email: string }> {
      const normalised = email.trim();
      await limits.consume(startPerClient, client);
      await limits.consume(startPerEmail, normalised.toLowerCase());
      const { token, hash } = newLinkToken();
      const link = `${config.publicUrl}/claim/${token}`;
      const em = fresh();
      const outboxId = await em.transactional(async (tx) => {
        const repository = claimRepository(tx);
        const claimId = await repository.create(hash, normalised, new Date(Date.now() + LINK_LIFETIME_HOURS * 3_600_000));
        await repository.audit(claimId, 'claim.started');
        return addToOutbox(tx, 'verification', normalised, verificationEmail(config.productName, link, LINK_LIFETIME_HOURS));
      });
      // Committed: if queueing fails now, the outbox sweeper queues the row later.
      await queueSending(boss, outboxId).catch(() => undefined);
      return { email: normalised };
    },

    async verify(token: string) {
      const em = fresh();
      const claim = await openClaim(em, token);
      const repository = claimRepository(em);
      if (await repository.markVerifiedOnce(claim.id)) {
        await repository.touch(claim.id, { verified: true });
        await repository.audit(claim.id, 'claim.verified');
      } else {
        await recordActivity(em, claim.id);
      }
      return { email: claim.email!, inactivityMinutes: config.claimInactivityMinutes, productName: config.productName, customerCarePhone: config.customerCarePhone };
    },

    async checkIdentity(token: string, details: PersonalDetails) {
      const em = fresh();
      const claim = await openClaim(em, token);
      const result = await service.identityFor(claim.id, details, null);
      await recordActivity(em, claim.id);
      return result;
    },

    /** Runs and records an identity check for a claim (or one of its info requests). */
    async identityFor(claimId: string, details: PersonalDetails, infoRequestId: string | null) {
      const problems = personalDetailsProblems(details);
      if (problems.length) throw new ValidationFailure(problems);
      let verdict;
      try {
        verdict = await checkWithTimeout(identity, details, identityTimeoutMs);
      } catch {
        throw new FailedDependencyError('The identity check is unavailable. Please try again later.');
      }
      const uuid = randomUUID();
      const repository = claimRepository(fresh());
      await repository.saveIdentityCheck({
        id: uuid,
        claimId,
        infoRequestId,
        personalDetails: details as unknown as Record<string, unknown>,
        idDocsRequired: verdict.idDocsRequired,
        provider: identity.name,
      });
      await repository.audit(claimId, infoRequestId ? 'info_request.identity_checked' : 'identity.checked');
      return { uuid, idDocsRequired: verdict.idDocsRequired };
    },

    /** The claim an upload is for, resolved before the body is read so a bad link costs nothing. */
    async claimForUpload(token: string): Promise<string> {
      return (await openClaim(fresh(), token)).id;
    },

    async storeUpload(claimId: string, type: FileType, fileName: string, received: ReceivedFile, infoRequestId: string | null = null): Promise<{ uuid: string }> {
      assertPlainFileName(fileName);
      await assertAcceptableImage(received, scanner);
      const uuid = randomUUID();
      const storageKey = await storage.commit(received.tempPath);
      const em = fresh();
      try {
        await em.transactional(async (tx) => {
          const repository = claimRepository(tx);
          await repository.saveFile({
            id: uuid,
            claimId,
            infoRequestId,
            type,
            originalName: fileName.slice(0, 255),
            size: received.size,
            sha256: received.sha256,
            contentType: received.contentType,
            storageKey,
          });
          await repository.audit(claimId, `${infoRequestId ? 'info_request.' : ''}file.uploaded.${type}`);
          if (!infoRequestId) await recordActivity(tx, claimId);
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      // Committed: if queueing fails now, maintenance queues the file later.
      await boss.send(SANITIZE_QUEUE, { fileId: uuid }, { singletonKey: uuid }).catch(() => undefined);
      return { uuid };
    },

    async checkTicketNumber(dbgTicketNumber: string): Promise<{ valid: boolean }> {
      if (!isDbgTicketNumberFormat(dbgTicketNumber)) return { valid: false };
      return { valid: !(await claimRepository(fresh()).isTicketNumberUsed(dbgTicketNumber)) };
    },

    async submit(token: string, submission: ClaimSubmission): Promise<{ claimHashid: string }> {
      const em = fresh();
      const claim = await openClaim(em, token);
      const repository = claimRepository(em);
      const check = await repository.findIdentityCheck(submission.identityCheckUuid, claim.id);
      if (!check) throw ValidationFailure.of('identityCheckUuid', 'identityCheck', 'The identity check does not belong to this claim');
      const dbgTicketNumberValid =
        submission.productType === 'DBG' && submission.dbgTicketNumber
          ? isDbgTicketNumberFormat(submission.dbgTicketNumber) && !(await repository.isTicketNumberUsed(submission.dbgTicketNumber))
          : undefined;
      const problems = submissionProblems(submission, { idDocsRequired: check.idDocsRequired, dbgTicketNumberValid });
      const files = submittedFiles(submission, check.idDocsRequired);
      const stored = new Map((await repository.findFiles(claim.id, files.map((file) => file.uuid))).map((file) => [file.id, file]));
      for (const file of files) {
        if (stored.get(file.uuid)?.type !== file.type) {
          problems.push({ property: file.property, constraints: { file: `${file.property} must be a ${file.type} image uploaded for this claim` }, children: [] });
        }
      }
      if (problems.length) throw new ValidationFailure(problems);

      const claimHashid = claimReference(claim.reference!);
      const outboxId = await em.transactional(async (tx) => {
        const inTx = claimRepository(tx);
        if (!(await inTx.submit(claim.id, claimHashid, check.id, keptDetails(submission, check.idDocsRequired)))) throw claimAlreadySubmitted();
        await inTx.audit(claim.id, 'claim.submitted');
        return addToOutbox(tx, 'confirmation', claim.email!, confirmationEmail(config.productName, claimHashid));
      }).catch((error: unknown) => {
        // The partial unique index on submitted ticket numbers: another claim took it meanwhile.
        if (error instanceof UniqueConstraintViolationException) {
          throw ValidationFailure.of('dbgTicketNumber', 'dbgTicketNumberCheck', 'Please enter a valid serial number');
        }
        throw error;
      });
      await queueSending(boss, outboxId).catch(() => undefined);
      return { claimHashid };
    },
  };
  return service;
}

export type ClaimService = ReturnType<typeof claimService>;
