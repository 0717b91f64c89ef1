import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import { messages } from '@prize/generated/rules';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { LockedError, TooManyRequestsError, UnauthorizedError } from '../../../http/errors.ts';
import { rateLimitKey } from '../../../http/rate-limit.ts';
import { StaffAccountSchema, type StaffAccount } from '../accounts/staff-account.entity.ts';
import { staffUser } from '../accounts/staff-user.ts';
import { recordStaffAudit } from '../audit/staff-audit.ts';
import { passwordMatches } from './passwords.ts';
import type { StaffPrincipal } from './staff-principal.ts';
import { StaffSessionSchema, type StaffSession } from './staff-session.entity.ts';
import { deleteExpiredSessions, openStaffSession, type SessionLifetime } from './staff-session.ts';
import { csrfTokenFor, openTotpSecret, type StaffKeys } from './staff-secrets.ts';
import { acceptedTotpStep } from './totp.ts';

/** Failed sign-ins in a row that lock an account, and for how long. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

export type StaffSessionView = components['schemas']['StaffSession'];

export interface SignInRequest {
  email: string;
  password: string;
  code: string;
}

export interface StaffAuthDeps {
  em: EntityManager;
  keys: StaffKeys;
  clock: () => Date;
  lifetime: SessionLifetime;
  /** Failed sign-ins per client (the shared rate_limit table), and how many it allows. */
  failures: RateLimiterPostgres;
  failuresPerClient: number;
  rateLimitSecret: string;
}

type Outcome =
  | { kind: 'failed' }
  | { kind: 'locked'; until: Date }
  | { kind: 'signed_in'; token: string; session: StaffSession; account: StaffAccount };

export function staffAuthService({
  em,
  keys,
  clock,
  lifetime,
  failures,
  failuresPerClient,
  rateLimitSecret,
}: StaffAuthDeps) {
  const view = (session: StaffSession, account: StaffAccount, token: string) =>
    ({
      staff: staffUser(account),
      csrfToken: csrfTokenFor(token, keys),
      idleExpiresAt: session.idleExpiresAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    }) satisfies StaffSessionView;

  /** 429 when the client has failed too often lately; its key for counting another failure. */
  async function clientAllowed(client: string): Promise<string> {
    const key = rateLimitKey(client, rateLimitSecret);
    const counted = await failures.get(key);
    if (counted && counted.consumedPoints >= failuresPerClient)
      throw new TooManyRequestsError(
        undefined,
        Math.max(1, Math.ceil(counted.msBeforeNext / 1000)),
      );
    return key;
  }

  /**
   * Checks password and code under a lock on the account's row, so concurrent attempts count
   * one after another and a code is accepted once. Failures are committed, then answered.
   */
  function attempt(input: SignInRequest, now: Date): Promise<Outcome> {
    return em.fork().transactional(async (tx): Promise<Outcome> => {
      const account = await tx.findOne(
        StaffAccountSchema,
        { email: input.email.trim().toLowerCase() },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!account?.setupCompletedAt || account.disabledAt || !account.totpSecretSealed) {
        await passwordMatches(null, input.password);
        recordStaffAudit(tx, {
          staffId: account?.id ?? null,
          action: 'staff.sign_in_failed',
          detail: {
            reason: !account
              ? 'unknown_account'
              : account.disabledAt
                ? 'disabled'
                : 'setup_not_completed',
          },
        });
        return { kind: 'failed' };
      }
      if (account.lockedUntil && account.lockedUntil.getTime() > now.getTime()) {
        recordStaffAudit(tx, {
          staffId: account.id,
          action: 'staff.sign_in_failed',
          detail: { reason: 'locked' },
        });
        return { kind: 'locked', until: account.lockedUntil };
      }
      if (account.lockedUntil) {
        account.lockedUntil = null;
        account.failedSignIns = 0;
      }
      const passwordRight = await passwordMatches(account.passwordHash ?? null, input.password);
      const step = await acceptedTotpStep(
        openTotpSecret(account.totpSecretSealed, keys),
        input.code,
        now,
        account.totpLastStep ?? null,
      );
      if (!passwordRight || step === undefined) {
        account.failedSignIns += 1;
        recordStaffAudit(tx, {
          staffId: account.id,
          action: 'staff.sign_in_failed',
          detail: { reason: passwordRight ? 'code' : 'password', failures: account.failedSignIns },
        });
        if (account.failedSignIns >= MAX_FAILED_SIGN_INS) {
          account.lockedUntil = new Date(now.getTime() + LOCK_MINUTES * 60_000);
          recordStaffAudit(tx, {
            staffId: account.id,
            action: 'staff.locked_out',
            detail: { minutes: LOCK_MINUTES },
          });
        }
        return { kind: 'failed' };
      }
      account.failedSignIns = 0;
      account.totpLastStep = step;
      await deleteExpiredSessions(tx, account, now);
      const { token, session } = openStaffSession(tx, account, now, lifetime);
      recordStaffAudit(tx, {
        staffId: account.id,
        action: 'staff.signed_in',
        detail: { sessionId: session.id },
      });
      return { kind: 'signed_in', token, session, account };
    });
  }

  return {
    /** Signs in: the session's cookie token and its view, or 401, 423 or 429. */
    async signIn(
      input: SignInRequest,
      client: string,
    ): Promise<{ token: string; expiresAt: Date; view: StaffSessionView }> {
      const key = await clientAllowed(client);
      const now = clock();
      const outcome = await attempt(input, now);
      if (outcome.kind === 'signed_in') {
        return {
          token: outcome.token,
          expiresAt: outcome.session.expiresAt,
          view: view(outcome.session, outcome.account, outcome.token),
        };
      }
      await failures.penalty(key);
      if (outcome.kind === 'locked') {
        const seconds = Math.ceil((outcome.until.getTime() - now.getTime()) / 1000);
        throw new LockedError(messages.staffLocked, Math.max(1, seconds));
      }
      throw new UnauthorizedError(messages.staffSignInFailed);
    },

    /** The live session of a signed-in request, as GET /staff/session shows it. */
    async current(principal: StaffPrincipal, token: string): Promise<StaffSessionView> {
      const session = await em
        .fork()
        .findOneOrFail(StaffSessionSchema, { id: principal.sessionId }, { populate: ['staff'] });
      return view(session, session.staff, token);
    },

    async signOut(principal: StaffPrincipal): Promise<void> {
      await em.fork().transactional(async (tx) => {
        await tx.nativeDelete(StaffSessionSchema, { id: principal.sessionId });
        recordStaffAudit(tx, {
          staffId: principal.id,
          action: 'staff.signed_out',
          detail: { sessionId: principal.sessionId },
        });
      });
    },

    /** Counts a wrong set-up code against the client like a failed sign-in (429 past the limit). */
    clientAllowed,
    countFailure: (key: string) => failures.penalty(key),
  };
}

export type StaffAuthService = ReturnType<typeof staffAuthService>;
