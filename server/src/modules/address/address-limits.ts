import pLimit from 'p-limit';
import type { Pool } from 'pg';
import { ServiceUnavailableError, TooManyRequestsError } from '../../http/errors.ts';
import {
  clientRateLimitKey,
  rateLimiter,
  rateLimitKey,
  retryAfterSeconds,
  type RateLimitCharge,
} from '../../http/rate-limit.ts';

export interface AddressLimitSettings {
  /** Lookups (find or retrieve) one client address may make per minute. */
  perClient: number;
  /** Lookups one claim token may make per minute, when the caller sends one. */
  perClaim: number;
  /** Lookups running against the provider at once; more wait their turn. */
  concurrency: number;
  /** The HMAC key of the rate-limit rows (RATE_LIMIT_SECRET). */
  secret: string;
}

/**
 * Guards the address provider: every lookup is counted against its client and, when it names
 * one, its claim; an admitted lookup then waits for one of a few slots. Each lookup is a paid
 * Loqate call or up to 3 s of one of the database connections every request shares.
 */
export interface AddressLimits {
  /** Throws TooManyRequestsError when this client or claim made too many lookups in the window. */
  admit(client: string, claimToken: string | undefined): Promise<void>;
  /** Runs the lookup in a free slot; throws ServiceUnavailableError when too many are already waiting. */
  run<T>(lookup: () => Promise<T>): Promise<T>;
}

const WINDOW_SECONDS = 60;
/**
 * Waiting lookups beyond this many per slot are refused at once rather than queued behind a
 * stall: local lookups take milliseconds, so a burst drains quickly, while behind an upstream
 * that times out (8 s) a waiting lookup would otherwise outlive the browser's 30 s.
 */
export const QUEUED_PER_SLOT = 8;

export const busyMessage = 'The address lookup is busy. Please try again in a moment.';

/** Runs at most `concurrency` lookups at once, with a bounded queue behind them. */
export function lookupSlots(concurrency: number): AddressLimits['run'] {
  const limit = pLimit(concurrency);
  return (lookup) => {
    if (limit.pendingCount >= concurrency * QUEUED_PER_SLOT)
      return Promise.reject(new ServiceUnavailableError(busyMessage));
    return limit(lookup);
  };
}

/**
 * The counts live in the `rate_limit` table every other limit uses (docs/adr/007), so every
 * server process counts in the same rows; both charges are counted, refused or not.
 */
export function addressLimits(pool: Pool, settings: AddressLimitSettings): AddressLimits {
  const perClient = rateLimiter(pool, {
    name: 'address-client',
    points: settings.perClient,
    durationSeconds: WINDOW_SECONDS,
  });
  const perClaim = rateLimiter(pool, {
    name: 'address-claim',
    points: settings.perClaim,
    durationSeconds: WINDOW_SECONDS,
  });
  return {
    async admit(client, claimToken) {
      const charges: RateLimitCharge[] = [
        { limiter: perClient, key: clientRateLimitKey(client, settings.secret) },
      ];
      if (claimToken)
        charges.push({ limiter: perClaim, key: rateLimitKey(claimToken, settings.secret) });
      const refusedFor = await retryAfterSeconds(charges);
      if (refusedFor !== undefined) throw new TooManyRequestsError(undefined, refusedFor);
    },
    run: lookupSlots(settings.concurrency),
  };
}
