import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { ClaimSubmissionRules } from '@prize/generated/rules';
import type { Config } from '../../config/config.ts';
import {
  FailedDependencyError,
  TooManyRequestsError,
  ValidationFailure,
} from '../../http/errors.ts';
import {
  emailRateLimitKey,
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
import { confirmationEmail, verificationEmail, type EmailContent } from '../mail/templates.ts';
import { claimAlreadySubmitted, claimExpired, claimNotFound } from './claim.errors.ts';
import {
  claimJourneyRepository,
  type ClaimState,
  type OutboxMessage,
} from './claim-journey.repository.ts';
import { inactivityLimitSeconds, LINK_LIFETIME_HOURS } from './claim.lifetime.ts';
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
import {
  oneStatementSubmit,
  REFERENCE_PLACEHOLDER,
  type SubmissionBranch,
} from './one-statement-submit.ts';
import { isDbgTicketNumberFormat } from './ticket-number.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';

export interface ClaimServiceDependencies {
  config: Config;
  em: EntityManager;
  /** The pool behind the ORM: the journey's calls run on it (claim-journey.repository.ts). */
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

/** 404, 409 or 410 for a link token whose claim is missing, submitted or expired. */
function assertOpen<T extends ClaimState>(claim: T | null): T {
  if (!claim) throw claimNotFound();
  if (claim.status === 'submitted') throw claimAlreadySubmitted();
  if (!claim.open) throw claimExpired();
  return claim;
}

/** The claimant's journey: each method is one call of spec section 7. */
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
  const journey = claimJourneyRepository(pool, inactivitySeconds);
  const nextReference = referenceBlocks(pool);
  const submitting = oneStatementSubmit(pool, inactivitySeconds);
  const confirmationTemplate = confirmationEmail(config.productName, REFERENCE_PLACEHOLDER);
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

  /**
   * The open claim a link token names; 404, 409 or 410 otherwise. Only reads: a call's activity is
   * recorded by the statement that stores its result, so a refused request changes nothing.
   */
  async function openClaim(token: string): Promise<ClaimState> {
    return assertOpen(await journey.claimByToken(hashLinkToken(token)));
  }

  const outboxMessage = (
    kind: string,
    recipient: string,
    content: EmailContent,
  ): OutboxMessage => ({ id: randomUUID(), kind, recipient, ...content });

  /** The identity provider's verdict on details that keep the rules: 424 when it fails or is slow. */
  const providerVerdict = async (details: TrustedPersonalDetails) => {
    try {
      return await checkWithTimeout(identity, details, identityTimeoutMs);
    } catch {
      throw new FailedDependencyError('The identity check is unavailable. Please try again later.');
    }
  };

  /** The rules of spec section 5 (`problems`, when already worked out), then the details as checked and stored. */
  const checkedDetails = async (
    details: ClaimPersonalDetails,
    problems = personalDetailsProblems(details),
  ) => {
    if (problems.length) throw new ValidationFailure(problems);
    return trustedDetails(details, deliveryPoints);
  };

  /** Reads what a submission is checked against, refuses it with every problem found, or stores it. */
  const submitChecked = async (
    tokenHash: Buffer,
    submission: ClaimSubmission,
    serial: string | null,
  ): Promise<{ claimHashid: string }> => {
    // Every file the submission could need: which ones it does depends on the stored check.
    const named = submittedFiles(submission, true).map((file) => file.uuid);
    const facts = assertOpen(
      await journey.submissionFacts(tokenHash, submission.identityCheckUuid, named, serial),
    );
    const check = facts.identityCheck;
    if (!check)
      throw ValidationFailure.of(
        'identityCheckUuid',
        'identityCheck',
        'The identity check does not belong to this claim',
      );
    const dbgTicketNumberValid =
      serial === null ? undefined : isDbgTicketNumberFormat(serial) && !facts.ticketNumberUsed;
    const problems = submissionProblems(submission, {
      idDocsRequired: check.idDocsRequired,
      dbgTicketNumberValid,
    });
    const stored = new Map(facts.files.map((file) => [file.id, file]));
    for (const file of submittedFiles(submission, check.idDocsRequired)) {
      if (stored.get(file.uuid)?.type !== file.type) {
        problems.push({
          property: file.property,
          constraints: {
            file: `${file.property} must be a ${file.type} image uploaded for this claim`,
          },
          children: [],
        });
      }
    }
    if (problems.length) throw new ValidationFailure(problems);

    const claimHashid = claimReference(Number(facts.reference));
    const mail = outboxMessage(
      'confirmation',
      facts.email!,
      confirmationEmail(config.productName, claimHashid),
    );
    const submitted = await journey
      .submit(
        {
          id: facts.id,
          hashid: claimHashid,
          identityCheckId: check.id,
          details: keptDetails(submission, check.idDocsRequired),
        },
        mail,
      )
      .catch(refuseTakenSerial);
    if (!submitted) throw claimAlreadySubmitted();
    outbox.send(mail.id);
    return { claimHashid };
  };

  const service = {
    async start(email: string, client: string): Promise<{ email: string }> {
      const normalised = email.trim();
      const { token, hash } = newLinkToken();
      const mail = outboxMessage(
        'verification',
        normalised,
        verificationEmail(
          config.productName,
          `${config.publicUrl}/claim/${token}`,
          LINK_LIFETIME_HOURS,
        ),
      );
      // Both limits are counted, refused or not; a refused start stores nothing and sends nothing.
      const refusedFor = await retryAfterSeconds([
        { limiter: startPerClient, key: rateLimitKey(client, config.rateLimitSecret) },
        {
          limiter: startPerEmail,
          key: rateLimitKey(emailRateLimitKey(normalised), config.rateLimitSecret),
        },
      ]);
      if (refusedFor !== undefined) throw new TooManyRequestsError(undefined, refusedFor);
      const reference = await nextReference();
      const claim = {
        id: randomUUID(),
        tokenHash: hash,
        email: normalised,
        linkLifetimeHours: LINK_LIFETIME_HOURS,
        reference,
        hashid: claimReference(reference),
      };
      await journey.start(claim, mail);
      outbox.send(mail.id);
      return { email: normalised };
    },

    async verify(token: string) {
      const claim = assertOpen(await journey.verify(hashLinkToken(token)));
      if (!claim.changed) throw claimAlreadySubmitted();
      return {
        email: claim.email!,
        inactivityMinutes: config.claimInactivityMinutes,
        productName: config.productName,
        customerCarePhone: config.customerCarePhone,
      };
    },

    async checkIdentity(token: string, details: ClaimPersonalDetails) {
      const uuid = randomUUID();
      const problems = personalDetailsProblems(details);
      if (identity.inProcess && !deliveryPoints.callsOut && !problems.length) {
        // Nothing leaves the process or the database, so the verdict may come before the link is
        // looked up: finding the claim and writing the check are then one statement.
        const trusted = await checkedDetails(details, problems);
        const { idDocsRequired } = await providerVerdict(trusted);
        const saved = assertOpen(
          await journey.saveIdentityCheckByToken(hashLinkToken(token), {
            id: uuid,
            personalDetails: trusted,
            provider: identity.name,
            idDocsRequired,
          }),
        );
        if (!saved.changed) throw claimAlreadySubmitted();
        return { uuid, idDocsRequired };
      }
      // The link first: a bad one reaches no provider, and answers 404/409/410 before any 400.
      const claim = await openClaim(token);
      const trusted = await checkedDetails(details, problems);
      const { idDocsRequired } = await providerVerdict(trusted);
      if (
        !(await journey.saveIdentityCheck({
          id: uuid,
          claimId: claim.id,
          personalDetails: trusted,
          provider: identity.name,
          idDocsRequired,
        }))
      )
        throw claimAlreadySubmitted();
      return { uuid, idDocsRequired };
    },

    /** Runs and records an identity check for one of a submitted claim's info requests. */
    async identityForInfoRequest(claimId: string, infoRequestId: string, details: PersonalDetails) {
      const trusted = await checkedDetails(details);
      const verdict = await providerVerdict(trusted);
      const uuid = randomUUID();
      const em = fresh();
      await em.transactional(async (tx) => {
        const repository = claimRepository(tx);
        await repository.saveIdentityCheck({
          id: uuid,
          claimId,
          infoRequestId,
          personalDetails: trusted as unknown as Record<string, unknown>,
          idDocsRequired: verdict.idDocsRequired,
          provider: identity.name,
        });
        await repository.audit(claimId, 'info_request.identity_checked');
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
            originalName: fileName.slice(0, 255),
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
      const tokenHash = hashLinkToken(token);
      // A valid submission is checked and stored by one statement; anything it cannot confirm
      // goes the two-step way below, which says exactly what is wrong.
      const branch = (idDocsRequired: boolean): SubmissionBranch => ({
        passes: !submissionProblems(submission, {
          idDocsRequired,
          dbgTicketNumberValid: serial === null ? undefined : isDbgTicketNumberFormat(serial),
        }).length,
        files: submittedFiles(submission, idDocsRequired),
        details: keptDetails(submission, idDocsRequired),
      });
      const mail = { id: randomUUID(), kind: 'confirmation', ...confirmationTemplate };
      const claimHashid = await submitting
        .submitWhenValid({
          tokenHash,
          identityCheckId: submission.identityCheckUuid,
          ifNoDocs: branch(false),
          ifDocs: branch(true),
          dbgTicketNumber: serial,
          mail,
        })
        .catch(refuseTakenSerial);
      if (claimHashid) {
        outbox.send(mail.id);
        return { claimHashid };
      }
      return submitChecked(tokenHash, submission, serial);
    },
  };
  return service;
}

export type ClaimService = ReturnType<typeof claimService>;
