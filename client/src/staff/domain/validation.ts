import { normaliseTicketCode } from '@prize/domain';

// The staff forms check what the contract says before anything is sent (its limits and
// messages come from generated/rules); the server checks again and its field errors come back
// to the same fields.

export interface FieldRule {
  readonly message?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
}

// The forms' own texts, where the contract has none (a second password, a choice of sections).
export const STAFF_FIELD_MESSAGES = {
  confirmPassword: 'Enter the same password again.',
  sections: 'Choose at least one thing to ask the claimant for.',
  ticketCode: 'Enter the ticket code, for example PC-7Q2M9XA4KD.',
  invalid: 'Enter a valid value.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The rule's message when the value breaks it (an empty value breaks a minLength of 1 or more).
export function ruleError(rule: FieldRule, value: string | undefined): string | undefined {
  const text = value ?? '';
  const broken =
    (rule.minLength !== undefined && text.length < rule.minLength) ||
    (rule.maxLength !== undefined && text.length > rule.maxLength) ||
    (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(text)) ||
    (rule.format === 'email' && !EMAIL.test(text));
  return broken ? (rule.message ?? STAFF_FIELD_MESSAGES.invalid) : undefined;
}

// Authenticator apps show the code as "123 456"; people type it so.
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

// A scanner types exactly the code; people may type it in lower case or with spaces: the field
// shows it in capitals without spaces while it is typed.
export function typedTicketCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

// The ticket code's format and its reading (Crockford: O as 0, I and L as 1) are the shared
// domain's, as the server's: the page refuses no code the server would find.
export function ticketCodeError(value: string | undefined): string | undefined {
  return value !== undefined && normaliseTicketCode(value) !== undefined
    ? undefined
    : STAFF_FIELD_MESSAGES.ticketCode;
}
