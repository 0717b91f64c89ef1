import type { RequestHandler } from 'express';
import { ValidationFailure } from './errors.ts';

/**
 * The contract has no bracketed (deepObject) query parameters. The validator re-parses a key such
 * as `a+b[` with qs, which decodes it to another name (`a b`), and then drops it unseen: an unknown
 * parameter accepted. Any key with a bracket is refused here, as the validator refuses unknown keys.
 */
export const queryKeyGuard: RequestHandler = (req, _res, next) => {
  const query = req.originalUrl.split('?')[1]?.split('#')[0];
  if (!query) return next();
  for (const key of new URLSearchParams(query).keys()) {
    if (/[[\]]/.test(key))
      return next(
        ValidationFailure.of(
          key.slice(0, 40),
          'invalid',
          `Unknown query parameter '${key.slice(0, 40)}'`,
        ),
      );
  }
  next();
};
