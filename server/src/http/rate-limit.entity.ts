import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The rate limiter's counters (rate-limit.ts), one row per key. */
export const RateLimitSchema = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limit',
  properties: {
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    expire: p.bigint('number').nullable(),
  },
});

export type RateLimit = InferEntity<typeof RateLimitSchema>;
