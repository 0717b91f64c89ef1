import { messages } from '@prize/generated/rules';
/**
 * Framework-free errors the use cases throw; `error-handler.ts` turns each into the contract's
 * general error shape. Messages are user-facing: never put SQL, stack traces or personal data in them.
 */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export class InputError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this.') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  /** More the contract's 409 of the operation carries beside the message (StepConflictError). */
  readonly details: Record<string, unknown> | undefined;
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, message);
    this.details = details;
  }
}
export class GoneError extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string = messages.fileTooLarge) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Unsupported media type') {
    super(415, message);
  }
}
/** A dependency (the identity service) failed: shown to the claimant, who can try again. */
export class FailedDependencyError extends HttpError {
  constructor(message: string) {
    super(424, message);
  }
}
/** An account locked after repeated failed sign-ins, until `retryAfterSeconds` from now. */
export class LockedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(423, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message = 'Too many requests, please try again later.', retryAfterSeconds?: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export class ServiceUnavailableError extends HttpError {
  /** When set, answered as Retry-After: the service is busy rather than down. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, retryAfterSeconds?: number) {
    super(503, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An item as the rules build it: its `name` is added when it is answered (`namedItems`). */
export interface ValidationItem {
  property: string;
  constraints: Record<string, string>;
  children: ValidationItem[];
}

/** An item as the contract answers it: `name` is the field's full dotted path from the body's root. */
export interface NamedValidationItem {
  property: string;
  name: string;
  constraints: Record<string, string>;
  children: NamedValidationItem[];
  value?: unknown;
}

/**
 * Gives each item its `name` (the spec lists an item's fields as property, constraints,
 * children, name): the parents' properties and its own, joined by dots, as the page and the
 * SDK name a field (`address.postCode`, `sectionTypeList.1`). Done once, where items are
 * answered, so no rule has to build it.
 */
export function namedItems(items: readonly ValidationItem[], parent = ''): NamedValidationItem[] {
  return items.map((item) => {
    const name = parent === '' ? item.property : `${parent}.${item.property}`;
    return { ...item, name, children: namedItems(item.children, name) };
  });
}

/** A rule broken on one or more fields: answered in the validation shape. */
export class ValidationFailure extends Error {
  readonly items: ValidationItem[];
  constructor(items: ValidationItem[]) {
    super('Validation failed');
    this.items = items;
  }

  static of(property: string, rule: string, message: string): ValidationFailure {
    return new ValidationFailure([{ property, constraints: { [rule]: message }, children: [] }]);
  }
}

/** Upload storage is below its free-space floor (UPLOAD_MIN_FREE_SPACE): uploads wait, the database keeps its disk. */
export class InsufficientStorageError extends HttpError {
  constructor(message = 'Uploads are paused for a while. Please try again later.') {
    super(507, message);
  }
}
