import type { components } from './generated/openapi.js';

/** The contract's general error body: `{ statusCode, message: string, error? }`. */
export type GeneralErrorBody = components['schemas']['GeneralError'];
/** The contract's validation error body (400 only): `message` lists the rejected properties. */
export type ValidationErrorBody = components['schemas']['ValidationError'];
export type ValidationItem = components['schemas']['ValidationItem'];

/**
 * Any answer that is not a success. `body` is the general error shape whenever the server sent
 * one (every status the contract lists uses it, apart from a validation 400).
 */
export class PrizeApiError extends Error {
  override name = 'PrizeApiError';
  readonly status: number;
  readonly body: GeneralErrorBody | undefined;
  readonly response: Response;

  constructor(response: Response, body: GeneralErrorBody | undefined, message?: string) {
    super(message ?? body?.message ?? `${response.status} ${response.statusText}`.trim());
    this.status = response.status;
    this.body = body;
    this.response = response;
  }
}

/** A 400 whose body names the rejected properties (the contract's ValidationError). */
export class PrizeValidationError extends PrizeApiError {
  override name = 'PrizeValidationError';
  readonly items: ValidationItem[];
  readonly validationBody: ValidationErrorBody;

  constructor(response: Response, body: ValidationErrorBody) {
    const fields = flattenValidationItems(body.message);
    super(response, undefined, `Invalid request: ${Object.keys(fields).join(', ')}`);
    this.items = body.message;
    this.validationBody = body;
  }

  /** Each rejected property's path (`address.postCode`, `sectionTypeList.1`) with its messages. */
  get fieldErrors(): Record<string, string[]> {
    return flattenValidationItems(this.items);
  }
}

function flattenValidationItems(
  items: readonly ValidationItem[],
  parent = '',
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const item of items) {
    const path = parent === '' ? item.property : `${parent}.${item.property}`;
    const messages = Object.values(item.constraints ?? {});
    if (messages.length > 0) fields[path] = messages;
    Object.assign(fields, flattenValidationItems(item.children ?? [], path));
  }
  return fields;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The typed error for a failed answer, from its status and parsed body. */
export function errorFromAnswer(response: Response, body: unknown): PrizeApiError {
  if (isObject(body) && Array.isArray(body.message) && response.status === 400) {
    return new PrizeValidationError(response, body as ValidationErrorBody);
  }
  if (isObject(body) && typeof body.message === 'string')
    return new PrizeApiError(response, body as GeneralErrorBody);
  return new PrizeApiError(response, undefined);
}
