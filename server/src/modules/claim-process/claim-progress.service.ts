import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import { paymentMethodOf } from '@prize/domain';
import type { Config } from '../../config/config.ts';
import { ConflictError, GoneError } from '../../http/errors.ts';
import { ClaimSchema } from '../claim/claim.entity.ts';
import { claimNotFound } from '../claim/claim.errors.ts';
import { hashLinkToken } from '../claim/tokens.ts';
import { InfoRequestSchema } from '../info-request/info-request.entity.ts';
import { StaffAuditSchema } from '../staff/audit/staff-audit.entity.ts';
import { ClaimProcessSchema } from './claim-process.entity.ts';
import { completedSteps, type ClaimStep } from './claim-steps.ts';

export const CLAIM_NOT_SUBMITTED = 'This claim has not been submitted yet.';
export const STATUS_LINK_CLOSED =
  'This claim is closed and its progress is no longer shown here. Please call Customer Care if you have a question.';

type ClaimProgress = components['schemas']['ClaimProgress'];

const DAY_MS = 86_400_000;
const CLOSED_STEPS: readonly ClaimStep[] = ['paid', 'rejected'];

/**
 * How far a submitted claim is, for the claimant holding its claim link or its status link (spec
 * section 1's five steps; issue 31): the steps with their dates, the payment once made, an
 * information request waiting for them. A paid or rejected claim shows for
 * STATUS_LINK_DAYS_AFTER_CLOSE days, then answers 410.
 */
export function claimProgressService({
  config,
  em: rootEm,
}: {
  config: Pick<Config, 'statusLinkDaysAfterClose'>;
  em: EntityManager;
}) {
  return {
    /**
     * Whether a claim link leads to the form or to the progress (getClaimLinkState): the claim page
     * asks first, so a submitted claim's link never calls verify only to be told 409.
     */
    async linkState(token: string): Promise<{ submitted: boolean }> {
      const claim = await rootEm
        .fork()
        .findOne(
          ClaimSchema,
          { tokenHash: hashLinkToken(token) },
          { fields: ['id', 'status'], disableIdentityMap: true },
        );
      if (!claim || claim.status === 'purged') throw claimNotFound();
      return { submitted: claim.status === 'submitted' };
    },

    async progress(token: string, now = new Date()): Promise<ClaimProgress> {
      const em = rootEm.fork();
      const hash = hashLinkToken(token);
      // Load: the claim by either of its links.
      const claim = await em.findOne(
        ClaimSchema,
        { $or: [{ tokenHash: hash }, { statusTokenHash: hash }] },
        {
          fields: ['id', 'status', 'hashid', 'submittedAt', 'details'],
          disableIdentityMap: true,
        },
      );
      // Check: a purged claim identifies no one any more: its link is as unknown as a made-up one.
      if (!claim || claim.status === 'purged') throw claimNotFound();
      if (claim.status !== 'submitted') throw new ConflictError(CLAIM_NOT_SUBMITTED);
      const [process, stepChanges, openRequests] = await Promise.all([
        em.findOne(
          ClaimProcessSchema,
          { claim: claim.id },
          { fields: ['step', 'rejectedFrom', 'updatedAt'], disableIdentityMap: true },
        ),
        em.find(
          StaffAuditSchema,
          { claimId: claim.id, action: 'claim.step_changed' },
          { fields: ['at', 'detail'], orderBy: { id: 'asc' }, disableIdentityMap: true },
        ),
        em.count(InfoRequestSchema, {
          claim: claim.id,
          status: 'open',
          expiresAt: { $gt: now },
        }),
      ]);
      const step: ClaimStep = process?.step ?? 'submitted';
      const stepDates = [
        { step: 'submitted' as ClaimStep, at: claim.submittedAt! },
        ...stepChanges.flatMap((change) => {
          const to = (change.detail as { to?: unknown } | null)?.to;
          return typeof to === 'string' ? [{ step: to as ClaimStep, at: change.at }] : [];
        }),
      ];
      const reachedAt = (wanted: ClaimStep) =>
        stepDates.findLast((date) => date.step === wanted)?.at ?? process?.updatedAt ?? now;
      let availableUntil: Date | undefined;
      if (CLOSED_STEPS.includes(step)) {
        // From the time the process row was closed (its last change).
        const closedAt = process?.updatedAt ?? reachedAt(step);
        availableUntil = new Date(closedAt.getTime() + config.statusLinkDaysAfterClose * DAY_MS);
        if (availableUntil <= now) throw new GoneError(STATUS_LINK_CLOSED);
      }
      const details = (claim.details ?? {}) as {
        isChequePreferred?: boolean;
        prizeAmountPence?: number;
      };
      return {
        reference: claim.hashid!,
        step,
        completedSteps: completedSteps(step, process?.rejectedFrom ?? undefined),
        paymentMethod: paymentMethodOf(details.isChequePreferred),
        stepDates: stepDates.map((date) => ({ step: date.step, at: date.at.toISOString() })),
        ...(step === 'paid' && details.prizeAmountPence
          ? {
              payment: {
                amountPence: details.prizeAmountPence,
                paidAt: reachedAt('paid').toISOString(),
              },
            }
          : {}),
        infoRequestOpen: openRequests > 0,
        ...(availableUntil ? { availableUntil: availableUntil.toISOString() } : {}),
      };
    },
  };
}

export type ClaimProgressService = ReturnType<typeof claimProgressService>;
