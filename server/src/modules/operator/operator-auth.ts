import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors.ts';
import { recordRateLimitRefusal } from '../metrics/metrics.ts';
import { clientRateLimitKey, rateLimiter } from '../../http/rate-limit.ts';
import { maskUrl } from '../../http/redaction.ts';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export interface OperatorAuthOptions {
  token: string | undefined;
  /** The pool the failure counts are kept on (the shared `rate_limit` table). */
  pool: Pool;
  logger: Logger;
  /** RATE_LIMIT_SECRET: the failure counts are keyed like every other rate limit. */
  rateLimitSecret: string;
  /** Failures one client may make per 15 minutes before it is refused outright. */
  failuresPerClient: number;
}

/**
 * Bearer authentication of Winner Services against OPERATOR_API_TOKEN. Both sides are hashed to
 * one length first so the comparison is constant-time whatever was sent. With no token
 * configured, the operator API refuses everyone. Each failure is counted per client (in the
 * shared rate_limit table, so every process agrees) and logged without what was sent; a client
 * over the limit is refused with 429 before its token is looked at, right or wrong.
 */
export function operatorAuth({
  token,
  pool,
  logger,
  rateLimitSecret,
  failuresPerClient,
}: OperatorAuthOptions): RequestHandler {
  const expected = token ? digest(token) : undefined;
  const failures = rateLimiter(pool, {
    name: 'operator-auth-client',
    points: failuresPerClient,
    durationSeconds: 15 * 60,
  });
  return async (req, res, next) => {
    const key = clientRateLimitKey(req.ip ?? 'unknown', rateLimitSecret);
    // The client appears in the log as the start of its rate-limit key: attempts can be told
    // apart and counted without its address being written down.
    const client = key.slice(0, 12);
    const counted = await failures.get(key);
    if (counted && counted.consumedPoints >= failuresPerClient) {
      logger.warn(
        { client, path: maskUrl(req.originalUrl) },
        'operator authentication refused: too many failures',
      );
      recordRateLimitRefusal('operator-failures-client');
      return next(
        new TooManyRequestsError(undefined, Math.max(1, Math.ceil(counted.msBeforeNext / 1000))),
      );
    }
    const header = req.headers.authorization;
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '');
    const given = match ? digest(match[1]!) : undefined;
    if (!expected || !given || !timingSafeEqual(expected, given)) {
      await failures.penalty(key);
      logger.warn(
        {
          client,
          path: maskUrl(req.originalUrl),
          reason:
            header === undefined
              ? 'no credentials'
              : match
                ? 'wrong token'
                : 'malformed credentials',
        },
        'operator authentication failed',
      );
      res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
      return next(new UnauthorizedError('A valid operator token is required.'));
    }
    next();
  };
}
