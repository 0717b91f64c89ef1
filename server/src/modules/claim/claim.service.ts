import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { ClaimSubmissionRules } from '@prize/generated/rules';
import type { Config } from '../../config/config.ts';
import { TooManyRequestsError, ValidationFailure } from '../../http/errors.ts';
import {
  emailRateLimitKey,
  clientRateLimitKey,
  rateLimiter,
  rateLimitKey,
  retryAfterSeconds,
} from '../../http/rate-limit.ts';
import { outboxMessage } from '../mail/outbox.ts';
import type { OutboxPump } from '../mail/outbox-pump.ts';
import { claimantNextSteps, paymentMethodOf } from '@prize/domain';
import { confirmationEmail, verificationEmail } from '../mail/templates.ts';
import { claimAlreadySubmitted, claimExpired, claimNotFound } from './claim.errors.ts';
import { isOpenStatus } from './claim.conditions.ts';
import {
  claimClockRunning,
  inactivityLimitSeconds,
  LINK_LIFETIME_HOURS,
  type ClaimClock,
} from './claim.lifetime.ts';
import { claimRepository } from './claim.repository.ts';
import { keptDetails, submissionProblems, submittedFiles } from './claim.rules.ts';
import type { ClaimSubmission } from './claim.types.ts';
import { claimReference } from './reference.ts';
import { referenceBlocks } from './reference-blocks.ts';
import { isDbgTicketNumberFormat } from './ticket-number.ts';
import { statusLink } from './status-link.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';
import { newRowId } from '../../db/row-id.ts';

/** What the open check reads of a loaded claim. */
type OpenCheckFields = ClaimClock & { status: string };

export interface ClaimServiceDependencies {
  config: Config;
  em: EntityManager;
  /** The pool behind the ORM, for the start's rate limits (rate-limiter-flexible counts on it). */
  pool: Pool;
  outbox: Pick<OutboxPump, 'send'>;
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
export function claimService({ config, em: rootEm, pool, outbox }: ClaimServiceDependencies) {
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

  /** The open claim a link token names: 404, 409 or 410 otherwise. */
  const openClaim = async (token: string) =>
    assertOpen(await claimRepository(fresh()).findByTokenHash(hashLinkToken(token)));

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
          id: newRowId(),
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

    /**
     * The id of the open claim a link token names; 404, 409 or 410 otherwise. An upload resolves
     * it before the body is read, so a bad link costs nothing; the form's draft is kept under it,
     * and the identity check (identity/identity-check.service.ts) is recorded against it.
     */
    async openClaimId(token: string): Promise<string> {
      return (await openClaim(token)).id;
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
