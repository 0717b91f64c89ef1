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

// A scanner types exactly the code; people may type it in lower case or with spaces.
export function normaliseTicketCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

// The contract's TicketCode (a path parameter, so not among the generated object rules).
export const TICKET_CODE_RULE: FieldRule = {
  pattern: '^[Pp][Cc]-[0-9A-Za-z]{10}$',
  message: STAFF_FIELD_MESSAGES.ticketCode,
};
