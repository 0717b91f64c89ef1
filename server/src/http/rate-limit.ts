import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors.ts';

export interface RateLimitRule {
  /** Prefix of the keys of this rule, e.g. 'start-ip'. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Rate limits kept in PostgreSQL (rate-limiter-flexible), so every server process shares them.
 * Keys are hashed: an e-mail address used as a key is not stored in clear.
 */
export interface RateLimits {
  consume(rule: RateLimitRule, key: string): Promise<void>;
}

/** On a pool of asynchronous commits (db/async-commit-pool.ts): a lost increment is harmless. */
export function postgresRateLimits(pool: Pool): RateLimits {
  const limiters = new Map<string, RateLimiterPostgres>();
  const limiterFor = (rule: RateLimitRule): RateLimiterPostgres => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limit',
        tableCreated: true,
        keyPrefix: rule.name,
        points: rule.points,
        duration: rule.durationSeconds,
      });
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };
  return {
    async consume(rule, key) {
      const hashed = createHash('sha256').update(key).digest('base64url');
      try {
        await limiterFor(rule).consume(hashed);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw new TooManyRequestsError(undefined, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        throw rejection;
      }
    },
  };
}
