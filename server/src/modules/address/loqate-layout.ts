import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isValidatorError } from '../../http/error-handler.ts';
import { ServiceUnavailableError, TooManyRequestsError } from '../../http/errors.ts';
import type { LoqateErrorItem } from './address-provider.ts';
import {
  errorAnswer,
  parameterInvalid,
  serviceUnavailable,
  tooManyLookups,
} from './loqate-errors.ts';

type Json = Record<string, unknown>;

/** Where a Loqate Capture client's base URL points: `${PUBLIC_URL}/api/address/Capture/Interactive`. */
export const LOQATE_LAYOUT = '/api/address/Capture/Interactive/';
export const LOQATE_FIND_PATHS = [
  `${LOQATE_LAYOUT}Find/v1.1/json3.ws`,
  `${LOQATE_LAYOUT}Find/v1.10/json3.ws`,
];
export const LOQATE_RETRIEVE_PATH = `${LOQATE_LAYOUT}Retrieve/v1.2/json3.ws`;

/** Parameters a Loqate client sends that reach no handler: its own key stays out of the request from here on. */
const DROPPED = new Set(['key']);

/** Each Loqate-layout path of the contract (lower-cased) -> its spelling, and its query parameters by lower-cased name. */
function loqateOperations(
  contract: Json,
): Map<string, { path: string; names: Map<string, string> }> {
  const operations = new Map<string, { path: string; names: Map<string, string> }>();
  for (const [path, item] of Object.entries((contract.paths ?? {}) as Record<string, Json>)) {
    if (!path.startsWith(LOQATE_LAYOUT)) continue;
    const parameters = ((item.get as Json | undefined)?.parameters ?? []) as Json[];
    const names = new Map<string, string>();
    for (const parameter of parameters) {
      if (parameter.in === 'query' && typeof parameter.name === 'string')
        names.set(parameter.name.toLowerCase(), parameter.name);
    }
    operations.set(path.toLowerCase(), { path, names });
  }
  return operations;
}

/**
 * Before the contract validator: a request on Loqate's layout is read as Loqate reads it. Its
 * path and parameter names are matched in any letter case and rewritten to the contract's
 * spelling; parameters the contract does not name, empty ones (Loqate treats them as absent) and
 * the client's `Key` are dropped. The validator then checks the values against the contract as
 * for any request, and `loqateLayoutErrors` answers its findings the Loqate way.
 */
export function loqateLayoutQuery(contract: Json): RequestHandler {
  const operations = loqateOperations(contract);
  return (req, res, next) => {
    const [path = '', query = ''] = req.url.split(/\?(.*)/s, 2);
    const operation = operations.get(path.toLowerCase());
    if (!operation) return next();
    const canonical = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(query)) {
      const known = operation.names.get(name.toLowerCase());
      if (!known || DROPPED.has(name.toLowerCase()) || value === '' || canonical.has(known))
        continue;
      canonical.set(known, value);
    }
    const search = canonical.toString();
    req.url = search ? `${operation.path}?${search}` : operation.path;
    res.locals.loqateLayout = true;
    next();
  };
}

function loqateItemFor(error: unknown): LoqateErrorItem | undefined {
  if (isValidatorError(error) && error.status === 400) {
    const name = error.errors[0]?.path.split(/[./]/).filter(Boolean).at(-1) ?? 'Parameter';
    return parameterInvalid(name);
  }
  if (error instanceof TooManyRequestsError) return tooManyLookups;
  if (error instanceof ServiceUnavailableError) return serviceUnavailable;
  return undefined;
}

/**
 * Answers a Loqate-layout request's invalid value, rate limit or busy provider as Loqate does:
 * 200 with one error entry. Anything else goes on to the general error handler.
 */
export function loqateLayoutErrors(): ErrorRequestHandler {
  return (error, _req, res, next) => {
    const item =
      res.locals.loqateLayout === true && !res.headersSent ? loqateItemFor(error) : undefined;
    if (!item) return next(error);
    if (error instanceof TooManyRequestsError && error.retryAfterSeconds)
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(200).json(errorAnswer(item));
  };
}
