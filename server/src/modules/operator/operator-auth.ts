import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { UnauthorizedError } from '../../http/errors.ts';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Bearer authentication of Winner Services against OPERATOR_API_TOKEN. Both sides are hashed to
 * one length first so the comparison is constant-time whatever was sent. With no token
 * configured, the operator API refuses everyone.
 */
export function operatorAuth(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : undefined;
  return (req, res, next) => {
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(req.headers.authorization ?? '');
    const given = match ? digest(match[1]!) : undefined;
    if (!expected || !given || !timingSafeEqual(expected, given)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
      return next(new UnauthorizedError('A valid operator token is required.'));
    }
    next();
  };
}
