import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request } from 'express';
import type { Logger } from 'pino';
import {
  ConflictError,
  HttpError,
  LockedError,
  namedItems,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationFailure,
  type ValidationItem,
} from './errors.ts';
import type { FieldMessages } from './openapi.ts';
import { withRuleProblems, type BodyRulesByOperation } from './rule-problems.ts';

export function generalError(status: number, message: string) {
  return { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error' };
}

interface ValidatorErrorItem {
  path: string;
  message: string;
  errorCode?: string;
}

export function isValidatorError(
  error: unknown,
): error is { status: number; errors: ValidatorErrorItem[] } {
  const candidate = error as { status?: unknown; errors?: unknown };
  return typeof candidate?.status === 'number' && Array.isArray(candidate.errors);
}

/** "/body/address/postCode" -> ["address", "postCode"]; the request location is dropped. */
function propertyPath(item: ValidatorErrorItem): string[] {
  const parts = item.path.replace(/^\./, '').split(/[/.]/).filter(Boolean);
  if (['body', 'query', 'params', 'headers', 'path'].includes(parts[0] ?? '')) parts.shift();
  // "must have required property 'email'" names the missing property in the message only.
  const missing = /required property '([^']+)'/.exec(item.message)?.[1];
  if (missing && parts.at(-1) !== missing) parts.push(missing);
  return parts.length ? parts : ['body'];
}

function rule(item: ValidatorErrorItem): string {
  return (item.errorCode ?? 'invalid').replace(/\.openapi\.validation$/, '');
}

/**
 * The most problems one answer names: enough for every field of the largest form, while a body
 * built to fail thousands of times gets a short answer.
 */
export const MAX_VALIDATION_PROBLEMS = 30;

/**
 * Groups the validator's flat errors into the contract's nested validation items
 * (openapi/components/schemas/ValidationError.yaml), in one pass: each level keeps its items by
 * property name. An error that would take the answer past MAX_VALIDATION_PROBLEMS items (nested
 * ones count too) is left out; one on an item already named still adds its constraint.
 */
export function toValidationItems(
  errors: ValidatorErrorItem[],
  messages: Map<string, string> | undefined,
): ValidationItem[] {
  const roots: ValidationItem[] = [];
  const indexes = new Map<ValidationItem[], Map<string, ValidationItem>>();
  let created = 0;
  /** The item at `parts`, made with its missing parents; undefined when that would pass the cap. */
  const itemAt = (parts: string[]): ValidationItem | undefined => {
    let level = roots;
    let item: ValidationItem | undefined;
    for (const [depth, part] of parts.entries()) {
      let index = indexes.get(level);
      if (!index) indexes.set(level, (index = new Map()));
      item = index.get(part);
      if (!item) {
        // This part and every one below it are new items.
        if (created + parts.length - depth > MAX_VALIDATION_PROBLEMS) return undefined;
        created++;
        item = { property: part, constraints: {}, children: [] };
        index.set(part, item);
        level.push(item);
      }
      level = item.children;
    }
    return item;
  };
  for (const error of errors) {
    const parts = propertyPath(error);
    const item = itemAt(parts);
    if (!item) continue;
    const leaf = parts.at(-1)!;
    const message =
      (parts.length === 1 && messages?.get(leaf)) ||
      `${leaf} ${error.message.replace(/^must /, 'must ')}`;
    item.constraints[rule(error)] ??= message;
  }
  return roots;
}

function operationKey(req: Request): string | undefined {
  const route = (req as Request & { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute;
  // The validator reports express-style routes (/claim/:id); the contract uses /claim/{id}.
  return route ? `${req.method} ${route.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}` : undefined;
}

function operationId(req: Request): string | undefined {
  return (req as Request & { openapi?: { schema?: { operationId?: string } } }).openapi?.schema
    ?.operationId;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** PostgreSQL unreachable or restarting: a 503 the client may retry, not an internal error. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as
        { name?: string; code?: string; message?: string; cause?: unknown } | undefined,
      depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (current.name === 'ConnectionException' || UNAVAILABLE_CODES.has(current.code ?? ''))
      return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|connection timeout/i.test(
        current.message ?? '',
      )
    )
      return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Errors can quote stored values (a constraint violation names the row): log their kind and frames only. */
function safeError(error: unknown): Record<string, unknown> {
  const { name, code, stack } = (error ?? {}) as { name?: string; code?: string; stack?: string };
  return { type: name, code, frames: stack?.split('\n').slice(1, 8).join('\n') };
}

export function errorHandler(
  logger: Logger,
  messages: FieldMessages,
  bodyRules: BodyRulesByOperation = {},
): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (error instanceof ValidationFailure) {
      res
        .status(400)
        .json({ statusCode: 400, message: namedItems(error.items), error: 'Bad Request' });
      return;
    }
    if (
      (error instanceof TooManyRequestsError ||
        error instanceof LockedError ||
        error instanceof ServiceUnavailableError) &&
      error.retryAfterSeconds
    )
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      res.status(error.status).json({
        ...generalError(error.status, error.message),
        ...(error instanceof ConflictError ? error.details : {}),
      });
      return;
    }
    if (isValidatorError(error) && error.status === 400) {
      const key = operationKey(req);
      const schemaItems = toValidationItems(error.errors, key ? messages.get(key) : undefined);
      const id = operationId(req);
      const items = withRuleProblems(
        schemaItems,
        req.body,
        id && Object.hasOwn(bodyRules, id) ? bodyRules[id] : undefined,
        logger,
      );
      res.status(400).json({ statusCode: 400, message: namedItems(items), error: 'Bad Request' });
      return;
    }
    if (isValidatorError(error) && error.status >= 400 && error.status < 500) {
      const text =
        error.status === 404
          ? 'Not found'
          : (error.errors[0]?.message ?? STATUS_CODES[error.status] ?? 'Error');
      if (error.status === 405)
        res.setHeader('Allow', (error as { headers?: { Allow?: string } }).headers?.Allow ?? '');
      res.status(error.status).json(generalError(error.status, text));
      return;
    }
    // body-parser: malformed JSON (400) and bodies over the limit (413) carry a `type`.
    const parserError = error as { type?: string; status?: number };
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json(generalError(400, 'The request body is not valid JSON'));
      return;
    }
    if (parserError?.type === 'encoding.unsupported') {
      res.status(415).json(generalError(415, 'Compressed request bodies are not accepted'));
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json(generalError(413, 'The request body is too large'));
      return;
    }
    if (
      typeof parserError?.status === 'number' &&
      parserError.status >= 400 &&
      parserError.status < 500
    ) {
      res
        .status(parserError.status)
        .json(generalError(parserError.status, STATUS_CODES[parserError.status] ?? 'Bad request'));
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: safeError(error) }, 'database unavailable');
      res.setHeader('Retry-After', '5');
      res
        .status(503)
        .json(generalError(503, 'The service is temporarily unavailable. Please try again later.'));
      return;
    }
    logger.error({ err: safeError(error) }, 'unhandled error');
    res
      .status(500)
      .json(generalError(500, 'Something went wrong on our side. Please try again later.'));
  };
}
