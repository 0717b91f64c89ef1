import { createHash, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors.ts';
import { countCharge, rateLimitCharge, secondsRefused, type RateLimitRule } from '../../http/rate-limit.ts';
import { maskUrl } from '../../http/redaction.ts';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();


export interface OperatorAuthOptions {
  token: string | undefined;
  em: EntityManager;
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
export function operatorAuth({ token, em, logger, rateLimitSecret, failuresPerClient }: OperatorAuthOptions): RequestHandler {
  const expected = token ? digest(token) : undefined;
  const failures: RateLimitRule = { name: 'operator-auth-client', points: failuresPerClient, durationSeconds: 15 * 60 };
  return async (req, res, next) => {
    const charge = rateLimitCharge(failures, req.ip ?? 'unknown', rateLimitSecret);
    // The client appears in the log as the start of its rate-limit key: attempts can be told
    // apart and counted without its address being written down.
    const client = charge.key.slice(failures.name.length + 1, failures.name.length + 13);
    const refusedFor = await secondsRefused(em, charge);
    if (refusedFor !== undefined) {
      logger.warn({ client, path: maskUrl(req.originalUrl) }, 'operator authentication refused: too many failures');
      return next(new TooManyRequestsError(undefined, refusedFor));
    }
    const header = req.headers.authorization;
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '');
    const given = match ? digest(match[1]!) : undefined;
    if (!expected || !given || !timingSafeEqual(expected, given)) {
      await countCharge(em, charge);
      logger.warn({ client, path: maskUrl(req.originalUrl), reason: header === undefined ? 'no credentials' : match ? 'wrong token' : 'malformed credentials' }, 'operator authentication failed');
      res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
      return next(new UnauthorizedError('A valid operator token is required.'));
    }
    next();
  };
}
