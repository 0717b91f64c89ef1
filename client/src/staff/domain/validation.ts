// The staff forms' own checks before anything is sent; the server checks the same again and
// its field errors come back to the same fields.
export const STAFF_FIELD_MESSAGES = {
  email: 'Enter an e-mail address, like name@example.com',
  password: 'Enter your password',
  code: 'Enter the 6-digit security code from your authenticator app',
  newPassword: (min: number, max: number) => `Enter a password of ${min} to ${max} characters`,
  confirmPassword: 'Enter the same password again',
  name: 'Enter the person’s full name',
  role: 'Choose a role',
  ticketCode: 'Enter the ticket code, like PC-7Q2M9XA4KD',
  reason: (max: number) => `Enter the reason for rejecting the claim (at most ${max} characters)`,
  sections: 'Choose at least one thing to ask the claimant for',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string | undefined, maxLength: number): string | undefined {
  const email = value?.trim() ?? '';
  return EMAIL.test(email) && email.length <= maxLength ? undefined : STAFF_FIELD_MESSAGES.email;
}

export function codeError(value: string | undefined): string | undefined {
  return /^[0-9]{6}$/.test(value ?? '') ? undefined : STAFF_FIELD_MESSAGES.code;
}

// Authenticator apps show the code as "123 456"; people type it so.
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

// A scanner types exactly the code; people may type it in lower case or with spaces.
export function normaliseTicketCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
