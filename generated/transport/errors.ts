// Hand-written, not generated (see http.ts beside it).
// Maps every failed API call (an HTTP status with its body, or a transport failure) to one
// ApiError, with the texts of the spec's error catalogue (section 8). Pure: no I/O here.

import { messages } from '../rules';

export type ApiErrorKind =
  | 'forbidden'
  | 'rateLimited'
  | 'general'
  | 'validation'
  | 'timeout'
  | 'network'
  | 'unexpected';

// The texts come from the contract's `x-messages` (generated/rules beside this folder).
export const ERROR_MESSAGES = {
  unexpected: messages.unexpected,
  rateLimited: messages.rateLimited,
  generalDefault: messages.generalDefault,
  unreachable: messages.unreachable,
  invalidValue: messages.invalidValue,
} as const;

export type FieldErrors = Record<string, string>;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number | undefined;
  fieldErrors?: FieldErrors;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  // Dotted paths (`address.postCode`, `sectionTypeList[1]`) to the message shown at the field.
  readonly fieldErrors: FieldErrors;

  constructor({ kind, message, status, fieldErrors = {}, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface ValidationItem {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationItem[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValidationItem(value: unknown): value is ValidationItem {
  return isObject(value) && typeof value.property === 'string';
}

// The general shape is `{ statusCode, message: string, error? }`; a body with a numeric
// statusCode but no usable message still counts, and gets the default text.
function isGeneralShape(body: JsonObject): boolean {
  return typeof body.statusCode === 'number' || typeof body.message === 'string';
}

function childPath(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent === '' ? property : `${parent}.${property}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Server messages may start with the property name ('firstName must match pattern'); the
// field's own label already says which field it is. Only a leading name is replaced, so a
// contract text such as 'Please enter a valid email address' stays whole.
function withoutFieldName(message: string, property: string, path: string): string {
  for (const name of [path, property]) {
    if (name === '') continue;
    const leading = new RegExp(`^${escapeRegExp(name)}(?![\\w.\\[])`);
    if (leading.test(message)) return message.replace(leading, 'Field');
  }
  return message;
}

function firstConstraintMessage(constraints: unknown): string | undefined {
  if (!isObject(constraints)) return undefined;
  for (const message of Object.values(constraints)) {
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export function flattenValidationItems(items: readonly unknown[], parent = ''): FieldErrors {
  const fieldErrors: FieldErrors = {};
  const add = (path: string, message: string): void => {
    // Per field the first message wins.
    if (!(path in fieldErrors)) fieldErrors[path] = message;
  };

  for (const item of items) {
    if (!isValidationItem(item)) continue;
    const path = childPath(parent, item.property);
    const children = Array.isArray(item.children) ? item.children : [];
    const message = firstConstraintMessage(item.constraints);

    if (message !== undefined) add(path, withoutFieldName(message, item.property, path));
    const nested = flattenValidationItems(children, path);
    for (const [nestedPath, nestedMessage] of Object.entries(nested)) add(nestedPath, nestedMessage);
    if (message === undefined && Object.keys(nested).length === 0) {
      add(path, ERROR_MESSAGES.invalidValue);
    }
  }
  return fieldErrors;
}

// `body` is the parsed JSON of the answer, or undefined when it was empty or not JSON.
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (status === 403) {
    return new ApiError({ kind: 'forbidden', status, message: ERROR_MESSAGES.unexpected });
  }
  if (status === 429) {
    return new ApiError({ kind: 'rateLimited', status, message: ERROR_MESSAGES.rateLimited });
  }
  if (isObject(body)) {
    const { message } = body;
    if (Array.isArray(message)) {
      const fieldErrors = flattenValidationItems(message);
      if (Object.keys(fieldErrors).length > 0) {
        return new ApiError({
          kind: 'validation',
          status,
          message: ERROR_MESSAGES.generalDefault,
          fieldErrors,
        });
      }
      return new ApiError({ kind: 'general', status, message: ERROR_MESSAGES.generalDefault });
    }
    if (isGeneralShape(body)) {
      const text = typeof message === 'string' && message.trim() !== '' ? message : undefined;
      return new ApiError({ kind: 'general', status, message: text ?? ERROR_MESSAGES.generalDefault });
    }
  }
  return new ApiError({ kind: 'unexpected', status, message: ERROR_MESSAGES.unexpected });
}

// A failure before any status arrived: fetch rejected or the body could not be read.
export function errorFromFailure(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  const name = failure instanceof Error || isDomException(failure) ? failure.name : undefined;
  if (name === 'TimeoutError') {
    return new ApiError({ kind: 'timeout', message: ERROR_MESSAGES.unreachable, cause: failure });
  }
  // fetch reports every network-level failure (DNS, refused, reset, CORS) as a TypeError.
  if (failure instanceof TypeError) {
    return new ApiError({ kind: 'network', message: ERROR_MESSAGES.unreachable, cause: failure });
  }
  return new ApiError({ kind: 'unexpected', message: ERROR_MESSAGES.unexpected, cause: failure });
}

function isDomException(value: unknown): value is DOMException {
  return typeof DOMException !== 'undefined' && value instanceof DOMException;
}
