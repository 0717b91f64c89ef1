// The spec's generic rules (section 5): each returns a message, or undefined when the value
// passes. Field rules compose these and give their own messages.
import { GENERIC_MESSAGES } from './messages';

export type Validator = (value: unknown) => string | undefined;

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export const required: Validator = (value) =>
  isBlank(value) ? GENERIC_MESSAGES.required : undefined;

// The format ajv-formats checks for `format: email` on the server, so both agree.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const email: Validator = (value) => {
  if (isBlank(value)) return undefined;
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim())
    ? undefined
    : GENERIC_MESSAGES.email;
};

export function maxLength(max: number): Validator {
  return (value) => {
    if (isBlank(value)) return undefined;
    return String(value).length > max ? GENERIC_MESSAGES.maxLength(max) : undefined;
  };
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

export function minValue(min: number): Validator {
  return (value) => {
    const number = asNumber(value);
    return number === undefined || number < min ? GENERIC_MESSAGES.minValue(min) : undefined;
  };
}

export function maxValue(max: number): Validator {
  return (value) => {
    const number = asNumber(value);
    return number === undefined || number > max ? GENERIC_MESSAGES.maxValue(max) : undefined;
  };
}

export function anyOf(...validators: Validator[]): Validator {
  return (value) =>
    validators.some((validator) => validator(value) === undefined)
      ? undefined
      : GENERIC_MESSAGES.anyOf;
}

export function allOf(...validators: Validator[]): Validator {
  return (value) =>
    validators.every((validator) => validator(value) === undefined)
      ? undefined
      : GENERIC_MESSAGES.allOf;
}

export function matches(pattern: RegExp, message = 'Invalid value'): Validator {
  return (value) => {
    if (isBlank(value)) return undefined;
    return pattern.test(String(value)) ? undefined : message;
  };
}

// The patterns the spec lists without saying where they are used.
export const PATTERNS = {
  url: /^https?:\/\/[^\s/$.?#].[^\s]*$/i,
  alphabetic: /^[A-Za-z]+$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  integer: /^-?\d+$/,
  decimal: /^-?\d+(\.\d+)?$/,
} as const;

// First failing validator's message, or undefined.
export function firstError(value: unknown, validators: readonly Validator[]): string | undefined {
  for (const validator of validators) {
    const message = validator(value);
    if (message !== undefined) return message;
  }
  return undefined;
}

// Any failure of the validators is reported with the field's own message.
export function rule(message: string, ...validators: Validator[]): Validator {
  return (value) => (firstError(value, validators) === undefined ? undefined : message);
}

// Shown messages name no value: 'Value is required' reads 'Field is required'.
export function displayMessage(message: string): string {
  return message.replace(/\b(?:The value|Value)\b/g, 'Field');
}
