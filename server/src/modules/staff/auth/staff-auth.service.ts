import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import { messages } from '@prize/generated/rules';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { LockedError, TooManyRequestsError, UnauthorizedError } from '../../../http/errors.ts';
import { clientAddressKey, clientRateLimitKey, rateLimitKey } from '../../../http/rate-limit.ts';
import { StaffAccountSchema, type StaffAccount } from '../accounts/staff-account.entity.ts';
import { staffUser } from '../accounts/staff-user.ts';
import { recordStaffAudit } from '../audit/staff-audit.ts';
import { recordRateLimitRefusal } from '../../metrics/metrics.ts';
import { needsRehash, passwordSlot, type HeldPasswordSlot } from './passwords.ts';
import type { StaffPrincipal } from './staff-principal.ts';
import type { SignInCounts } from './sign-in-counts.ts';
import { StaffSessionSchema, type StaffSession } from './staff-session.entity.ts';
import { deleteExpiredSessions, openStaffSession, type SessionLifetime } from './staff-session.ts';
import { csrfTokenFor, openTotpSecretOf, sealTotpSecret, type StaffKeys } from './staff-secrets.ts';
import { acceptedTotpStep } from './totp.ts';

/**
 * Failed sign-ins for one e-mail address from one client that lock that pair, and for how long.
 * Only the pair: the account's owner, from a client that has not failed, still signs in.
 */
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
  /** Sign-in attempts per client (the shared rate_limit table): taken before, given back on success. */
  attempts: RateLimiterPostgres;
  /** Attempts per (e-mail address, client): the lock-out. */
  pairs: SignInCounts;
  rateLimitSecret: string;
}

type Outcome =
  | { kind: 'failed' }
  | { kind: 'signed_in'; token: string; session: StaffSession; account: StaffAccount };

/** What was checked outside the transaction, for the transaction to confirm. */
interface Checked {
  account: StaffAccount | null;
  passwordRight: boolean;
  /** The hash the password was checked against: if it changed meanwhile, the check is void. */
  checkedHash: string | null;
  /** A fresh hash of the password when the stored one has old settings (a success re-hashes). */
  rehashed?: string;
}

export function staffAuthService({
  em,
  keys,
  clock,
  lifetime,
  attempts,
  pairs,
  rateLimitSecret,
}: StaffAuthDeps) {
  const view = (session: StaffSession, account: StaffAccount, token: string) =>
    ({
      staff: staffUser(account),
      csrfToken: csrfTokenFor(token, keys),
      idleExpiresAt: session.idleExpiresAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    }) satisfies StaffSessionView;

  /**
   * Takes one attempt from the client's allowance BEFORE anything is checked (429 when none is
   * left), so a burst gets at most the limit through however many arrive at once. Answers how
   * to give it back (a success does).
   */
  async function takeAttempt(client: string): Promise<{ giveBack(): Promise<void> }> {
    const key = clientRateLimitKey(client, rateLimitSecret);
    try {
      await attempts.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      recordRateLimitRefusal('staff-sign-in-client');
      throw new TooManyRequestsError(undefined, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
    return { giveBack: () => attempts.reward(key, 1).then(() => undefined) };
  }

  /** The password check, outside any transaction: no database connection waits on argon2. */
  async function check(
    slot: HeldPasswordSlot,
    account: StaffAccount | null,
    password: string,
  ): Promise<Checked> {
    // Unknown, disabled and not yet set up are checked against a decoy hash: the same work, the
    // same time, the same answer.
    const live = account?.setupCompletedAt && !account.disabledAt && account.totpSecretSealed;
    const hash = live ? (account.passwordHash ?? null) : null;
    const passwordRight = await slot.matches(hash, password);
    const rehashed =
      passwordRight && hash && needsRehash(hash) ? await slot.hash(password) : undefined;
    return { account, passwordRight, checkedHash: hash, rehashed };
  }

  /**
   * Records the outcome in one short transaction holding the account's row: the code's step is
   * checked against the last accepted one there, so a code signs in once however many race.
   */
  function settle(
    checked: Checked,
    code: string,
    now: Date,
    lastBeforeLock: boolean,
  ): Promise<Outcome> {
    return em.fork().transactional(async (tx): Promise<Outcome> => {
      const account = checked.account
        ? await tx.findOne(
            StaffAccountSchema,
            { id: checked.account.id },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          )
        : null;
      const failed = (reason: string): Outcome => {
        recordStaffAudit(tx, {
          staffId: account?.id ?? null,
          action: 'staff.sign_in_failed',
          detail: { reason },
        });
        // This client's next attempt at this address will be refused (423) for LOCK_MINUTES.
        if (account && lastBeforeLock)
          recordStaffAudit(tx, {
            staffId: account.id,
            action: 'staff.locked_out',
            detail: { minutes: LOCK_MINUTES, scope: 'client' },
          });
        return { kind: 'failed' };
      };
      if (!account) return failed('unknown_account');
      if (account.disabledAt) return failed('disabled');
      if (!account.setupCompletedAt || !account.totpSecretSealed || !checked.checkedHash)
        return failed('setup_not_completed');
      if (account.passwordHash !== checked.checkedHash) return failed('password_changed');
      if (!checked.passwordRight) return failed('password');
      const opened = openTotpSecretOf(account.totpSecretSealed, keys);
      const step = await acceptedTotpStep(opened.secret, code, now, account.totpLastStep ?? null);
      if (step === undefined) return failed('code');
      account.totpLastStep = step;
      account.failedSignIns = 0;
      account.lockedUntil = null;
      // Sealed under STAFF_SECRET_KEY_PREVIOUS (or the older layout): sealed anew under the current key.
      if (opened.stale) account.totpSecretSealed = sealTotpSecret(opened.secret, keys);
      if (checked.rehashed) account.passwordHash = checked.rehashed;
      await deleteExpiredSessions(tx, account, now, keys.id);
      const { token, session } = openStaffSession(tx, account, now, lifetime, keys.id);
      recordStaffAudit(tx, {
        staffId: account.id,
        action: 'staff.signed_in',
        detail: { sessionId: session.id, ...(opened.stale ? { totpSecretResealed: true } : {}) },
      });
      return { kind: 'signed_in', token, session, account };
    });
  }

  /** A locked (e-mail, client) pair: answered alike whether the address is an account or not. */
  async function refuseLocked(email: string, windowEnds: Date, now: Date): Promise<never> {
    const fork = em.fork();
    const account = await fork.findOne(StaffAccountSchema, { email });
    recordStaffAudit(fork, {
      staffId: account?.id ?? null,
      action: 'staff.sign_in_failed',
      detail: { reason: 'locked' },
    });
    await fork.flush();
    const seconds = Math.ceil((windowEnds.getTime() - now.getTime()) / 1000);
    throw new LockedError(messages.staffLocked, Math.max(1, seconds));
  }

  return {
    /**
     * Signs in: the session's cookie token and its view; 401 (wrong, unknown, not set up), 423
     * (this address failed too often from this client), 429 (this client tried too often) or 503
     * (password checks busy).
     */
    async signIn(
      input: SignInRequest,
      client: string,
    ): Promise<{ token: string; expiresAt: Date; view: StaffSessionView }> {
      const attempt = await takeAttempt(client);
      // Waited for before any other database work: a burst beyond the queue costs one count each.
      const slot = await passwordSlot();
      const now = clock();
      const email = input.email.trim().toLowerCase();
      const pairKey = rateLimitKey(`${email}\n${clientAddressKey(client)}`, rateLimitSecret);
      let checked: Checked;
      let lastBeforeLock: boolean;
      try {
        const pair = await pairs.take(pairKey, now);
        if (pair.attempts > MAX_FAILED_SIGN_INS)
          return await refuseLocked(email, pair.windowEnds, now);
        lastBeforeLock = pair.attempts === MAX_FAILED_SIGN_INS;
        const account = await em.fork().findOne(StaffAccountSchema, { email });
        checked = await check(slot, account, input.password);
      } finally {
        slot.release();
      }
      const outcome = await settle(checked, input.code, now, lastBeforeLock);
      if (outcome.kind === 'signed_in') {
        await Promise.all([attempt.giveBack(), pairs.clear(pairKey)]);
        return {
          token: outcome.token,
          expiresAt: outcome.session.expiresAt,
          view: view(outcome.session, outcome.account, outcome.token),
        };
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

    /** Takes one of the client's attempts before a set-up code is checked (429 past the limit). */
    takeAttempt,
  };
}

export type StaffAuthService = ReturnType<typeof staffAuthService>;
