import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { ClaimSubmissionRules } from '@prize/generated/rules';
import { displayFileName } from '@prize/domain';
import type { Config } from '../../config/config.ts';
import {
  FailedDependencyError,
  TooManyRequestsError,
  ValidationFailure,
} from '../../http/errors.ts';
import {
  emailRateLimitKey,
  clientRateLimitKey,
  rateLimiter,
  rateLimitKey,
  retryAfterSeconds,
} from '../../http/rate-limit.ts';
import { assertAcceptableImage } from '../files/image-checks.ts';
import type { MalwareScanner } from '../files/malware-scan.ts';
import { makeRoomForUpload } from '../files/upload-quota.ts';
import type { ReceivedFile } from '../files/upload-receiver.ts';
import type { JobSender } from '../jobs/job-sender.ts';
import { SANITIZE_QUEUE } from '../jobs/queue.ts';
import type { FileStorage } from '../files/storage.ts';
import type { DeliveryPoints } from '../address/delivery-point.ts';
import {
  checkWithTimeout,
  trustedDetails,
  type IdentityProvider,
  type TrustedPersonalDetails,
} from '../identity/identity-provider.ts';
import type { OutboxPump } from '../mail/outbox-pump.ts';
import { claimantNextSteps, paymentMethodOf } from '@prize/domain';
import { confirmationEmail, verificationEmail, type EmailContent } from '../mail/templates.ts';
import { claimAlreadySubmitted, claimExpired, claimNotFound } from './claim.errors.ts';
import { isOpenStatus } from './claim.conditions.ts';
import {
  claimClockRunning,
  inactivityLimitSeconds,
  LINK_LIFETIME_HOURS,
  type ClaimClock,
} from './claim.lifetime.ts';
import { claimRepository } from './claim.repository.ts';
import {
  keptDetails,
  personalDetailsProblems,
  submissionProblems,
  submittedFiles,
} from './claim.rules.ts';
import type {
  ClaimPersonalDetails,
  ClaimSubmission,
  FileType,
  PersonalDetails,
} from './claim.types.ts';
import { claimReference } from './reference.ts';
import { referenceBlocks } from './reference-blocks.ts';
import { isDbgTicketNumberFormat } from './ticket-number.ts';
import { statusLink } from './status-link.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';

/** What the open check reads of a loaded claim. */
type OpenCheckFields = ClaimClock & { status: string };

export interface ClaimServiceDependencies {
  config: Config;
  em: EntityManager;
  /** The pool behind the ORM, for the start's rate limits (rate-limiter-flexible counts on it). */
  pool: Pool;
  jobs: JobSender;
  outbox: Pick<OutboxPump, 'send'>;
  identity: IdentityProvider;
  identityTimeoutMs: number;
  /** The delivery point of a looked-up address, read back from the address provider. */
  deliveryPoints: DeliveryPoints;
  storage: FileStorage;
  scanner?: MalwareScanner;
}

/** The partial unique index on submitted ticket numbers: another claim took the serial meanwhile. */
function refuseTakenSerial(error: unknown): never {
  // PostgreSQL's error, or the ORM's exception that carries its fields.
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505' && constraint === 'claim_dbg_ticket_number_uniq') {
    throw ValidationFailure.of(
      'dbgTicketNumber',
      'dbgTicketNumberCheck',
      ClaimSubmissionRules.dbgTicketNumber.message,
    );
  }
  throw error;
}

/**
 * The claimant's journey: each method is one call of spec section 7 and one path, read top to
 * bottom: load (one read), check with the shared rules once (claim.rules.ts, claim.conditions.ts,
 * claim.lifetime.ts), save the change with its audit event and its e-mail (one statement of the
 * repository, guarded by the claim's open status), then hand the committed e-mail to the pump.
 */
export function claimService({
  config,
  em: rootEm,
  pool,
  jobs,
  outbox,
  identity,
  identityTimeoutMs,
  deliveryPoints,
  storage,
  scanner,
}: ClaimServiceDependencies) {
  const fresh = () => rootEm.fork();
  const inactivitySeconds = inactivityLimitSeconds(config.claimInactivityMinutes);
  const nextReference = referenceBlocks(() => claimRepository(fresh()).drawReferenceBlock());
  const startPerClient = rateLimiter(pool, {
    name: 'start-client',
    points: config.startLimitPerClient,
    durationSeconds: 15 * 60,
  });
  const startPerEmail = rateLimiter(pool, {
    name: 'start-email',
    points: config.startLimitPerEmail,
    durationSeconds: 60 * 60,
  });

  /** The claim a link names, checked open (status and clock): 404, 409 or 410 otherwise. */
  function assertOpen<T extends OpenCheckFields>(claim: T | null): T {
    if (!claim) throw claimNotFound();
    if (claim.status === 'submitted') throw claimAlreadySubmitted();
    if (!isOpenStatus(claim.status) || !claimClockRunning(claim, inactivitySeconds))
      throw claimExpired();
    return claim;
  }

  /** The identity provider's verdict on details that keep the rules: 424 when it fails or is slow. */
  const providerVerdict = async (details: TrustedPersonalDetails) => {
    try {
      return await checkWithTimeout(identity, details, identityTimeoutMs);
    } catch {
      throw new FailedDependencyError('The identity check is unavailable. Please try again later.');
    }
  };

  /** Refuses details that break the rules of spec section 5, else the details as checked and stored. */
  const checkedDetails = async (details: ClaimPersonalDetails) => {
    const problems = personalDetailsProblems(details);
    if (problems.length) throw new ValidationFailure(problems);
    return trustedDetails(details, deliveryPoints);
  };

  /** The open claim a link token names: 404, 409 or 410 otherwise. */
  const openClaim = async (token: string) =>
    assertOpen(await claimRepository(fresh()).findByTokenHash(hashLinkToken(token)));

  const outboxMessage = (kind: string, recipient: string, content: EmailContent) => ({
    id: randomUUID(),
    kind,
    recipient,
    ...content,
  });

  const service = {
    async start(email: string, client: string): Promise<{ email: string }> {
      const normalised = email.trim();
      // Both limits are counted, refused or not; a refused start stores nothing and sends nothing.
      const refusedFor = await retryAfterSeconds([
        { limiter: startPerClient, key: clientRateLimitKey(client, config.rateLimitSecret) },
        {
          limiter: startPerEmail,
          key: rateLimitKey(emailRateLimitKey(normalised), config.rateLimitSecret),
        },
      ]);
      if (refusedFor !== undefined) throw new TooManyRequestsError(undefined, refusedFor);
      const { token, hash } = newLinkToken();
      const reference = await nextReference();
      const mail = outboxMessage(
        'verification',
        normalised,
        verificationEmail(
          config.productName,
          `${config.publicUrl}/claim/${token}`,
          LINK_LIFETIME_HOURS,
        ),
      );
      await claimRepository(fresh()).start(
        {
          id: randomUUID(),
          tokenHash: hash,
          email: normalised,
          linkExpiresAt: new Date(Date.now() + LINK_LIFETIME_HOURS * 3_600_000),
          reference,
          hashid: claimReference(reference),
        },
        mail,
      );
      outbox.send(mail.id);
      return { email: normalised };
    },

    async verify(token: string) {
      const claims = claimRepository(fresh());
      const claim = assertOpen(await claims.findByTokenHash(hashLinkToken(token)));
      // Guarded by the open status: a submit or purge since the load makes this a 409.
      if (!(await claims.saveVerified(claim.id))) throw claimAlreadySubmitted();
      return {
        email: claim.email!,
        inactivityMinutes: config.claimInactivityMinutes,
        productName: config.productName,
        customerCarePhone: config.customerCarePhone,
      };
    },

    async checkIdentity(token: string, details: ClaimPersonalDetails) {
      const claims = claimRepository(fresh());
      // The link first: a bad one reaches no provider, and answers 404/409/410 before any 400.
      const claim = assertOpen(await claims.findByTokenHash(hashLinkToken(token)));
      const trusted = await checkedDetails(details);
      const { idDocsRequired } = await providerVerdict(trusted);
      const uuid = randomUUID();
      const saved = await claims.saveIdentity(claim.id, {
        id: uuid,
        personalDetails: trusted,
        idDocsRequired,
        provider: identity.name,
      });
      if (!saved) throw claimAlreadySubmitted();
      return { uuid, idDocsRequired };
    },

    /** Runs and records an identity check for one of a submitted claim's info requests. */
    async identityForInfoRequest(claimId: string, infoRequestId: string, details: PersonalDetails) {
      const trusted = await checkedDetails(details);
      const verdict = await providerVerdict(trusted);
      const uuid = randomUUID();
      await fresh().transactional(async (em) => {
        const claims = claimRepository(em);
        claims.addIdentityCheck({
          id: uuid,
          claimId,
          infoRequestId,
          personalDetails: trusted as unknown as Record<string, unknown>,
          idDocsRequired: verdict.idDocsRequired,
          provider: identity.name,
        });
        claims.addEvent(claimId, 'info_request.identity_checked');
      });
      return { uuid, idDocsRequired: verdict.idDocsRequired };
    },

    /**
     * The id of the open claim a link token names; 404, 409 or 410 otherwise. An upload resolves
     * it before the body is read, so a bad link costs nothing; the form's draft is kept under it.
     */
    async openClaimId(token: string): Promise<string> {
      return (await openClaim(token)).id;
    },

    async storeUpload(
      claimId: string,
      type: FileType,
      fileName: string,
      received: ReceivedFile,
      infoRequestId: string | null = null,
    ): Promise<{ uuid: string }> {
      await assertAcceptableImage(received, scanner, config.imageDecodeMemory);
      const uuid = randomUUID();
      const storageKey = await storage.commit(received.tempPath);
      const em = fresh();
      let superseded: string[] = [];
      try {
        await em.transactional(async (tx) => {
          superseded = await makeRoomForUpload(
            tx,
            { claimId, infoRequestId },
            type,
            received.size,
            config.uploadBudgetPerClaim,
          );
          const repository = claimRepository(tx);
          await repository.saveFile({
            id: uuid,
            claimId,
            infoRequestId,
            type,
            // Any name is accepted; staff and operators see its display name (@prize/domain).
            originalName: displayFileName(fileName),
            size: received.size,
            sha256: received.sha256,
            contentType: received.contentType,
            storageKey,
          });
          await repository.audit(
            claimId,
            `${infoRequestId ? 'info_request.' : ''}file.uploaded.${type}`,
          );
          if (!infoRequestId && (await repository.touch(claimId)) === 0)
            throw claimAlreadySubmitted();
        });
      } catch (error) {
        // The refusal is the answer; bytes a failing store keeps go with the reconciliation.
        await storage.remove(storageKey).catch(() => undefined);
        throw error;
      }
      // The upload is committed and answered either way: superseded bytes a failing store (a
      // bucket outage) keeps have no row, and the storage reconciliation removes them.
      await Promise.all(superseded.map((key) => storage.remove(key).catch(() => undefined)));
      // Committed: if queueing fails now, maintenance queues the file later.
      await jobs.send(SANITIZE_QUEUE, uuid, { fileId: uuid }).catch(() => undefined);
      return { uuid };
    },

    async checkTicketNumber(dbgTicketNumber: string): Promise<{ valid: boolean }> {
      if (!isDbgTicketNumberFormat(dbgTicketNumber)) return { valid: false };
      return { valid: !(await claimRepository(fresh()).isTicketNumberUsed(dbgTicketNumber)) };
    },

    async submit(token: string, submission: ClaimSubmission): Promise<{ claimHashid: string }> {
      const serial =
        submission.productType === 'DBG' && submission.dbgTicketNumber
          ? submission.dbgTicketNumber
          : null;
      const claims = claimRepository(fresh());
      // Load: the claim with everything the submission is checked against, in one read. Every
      // file the submission could name is read: which ones it needs depends on the stored check.
      const claim = assertOpen(
        await claims.findForSubmission(
          hashLinkToken(token),
          submission.identityCheckUuid,
          submittedFiles(submission, true).map((file) => file.uuid),
          serial,
        ),
      );
      const check = claim.identityCheck;
      if (!check)
        throw ValidationFailure.of(
          'identityCheckUuid',
          'identityCheck',
          'The identity check does not belong to this claim',
        );

      // Check: the rules once, every problem in one 400.
      const problems = submissionProblems(submission, {
        idDocsRequired: check.idDocsRequired,
        dbgTicketNumberValid:
          serial === null ? undefined : isDbgTicketNumberFormat(serial) && !claim.ticketNumberUsed,
      });
      const stored = new Map(claim.files.map((file) => [file.id, file.type]));
      for (const file of submittedFiles(submission, check.idDocsRequired)) {
        if (stored.get(file.uuid) !== file.type)
          problems.push({
            property: file.property,
            constraints: {
              file: `${file.property} must be a ${file.type} image uploaded for this claim`,
            },
            children: [],
          });
      }
      if (problems.length) throw new ValidationFailure(problems);

      // Change, save and queue the confirmation: one statement, guarded by the open status.
      // Claims started before references were given at start have no hashid stored yet.
      const claimHashid = claim.hashid ?? claimReference(claim.reference!);
      const status = statusLink(config, claim.id);
      const mail = outboxMessage(
        'confirmation',
        claim.email!,
        confirmationEmail({
          productName: config.productName,
          reference: claimHashid,
          statusLink: status.href,
          steps: claimantNextSteps(paymentMethodOf(submission.isChequePreferred)),
          customerCarePhone: config.customerCarePhone,
        }),
      );
      const submitted = await claims
        .saveSubmitted(
          claim.id,
          {
            hashid: claimHashid,
            statusTokenHash: status.hash,
            identityCheckId: check.id,
            details: keptDetails(submission, check.idDocsRequired),
          },
          mail,
        )
        .catch(refuseTakenSerial);
      if (!submitted) throw claimAlreadySubmitted();
      outbox.send(mail.id);
      return { claimHashid };
    },
  };
  return service;
}

export type ClaimService = ReturnType<typeof claimService>;
