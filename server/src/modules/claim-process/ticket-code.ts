import { randomInt } from 'node:crypto';

/** Crockford's base32: digits and upper-case letters without I, L, O and U (nothing to misread). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;
export const TICKET_CODE_PREFIX = 'PC-';
export const TICKET_CODE = /^PC-[0-9A-HJKMNP-TV-Z]{10}$/;

/** A new ticket code: `PC-` and 50 random bits as 10 Crockford characters (docs/adr/020). */
export function newTicketCode(): string {
  let code = TICKET_CODE_PREFIX;
  for (let i = 0; i < CODE_LENGTH; i++) code += CROCKFORD[randomInt(CROCKFORD.length)];
  return code;
}

/**
 * A code as typed or scanned, in its stored form, or undefined when it cannot be one. Crockford's
 * decoding rules: case does not matter, O reads as 0 and I or L as 1; spaces and hyphens inside
 * the characters (a person reading it out in groups) are dropped.
 */
export function normaliseTicketCode(input: string): string | undefined {
  const upper = input.trim().toUpperCase();
  const body = upper.startsWith(TICKET_CODE_PREFIX)
    ? upper.slice(TICKET_CODE_PREFIX.length)
    : upper;
  const code =
    TICKET_CODE_PREFIX + body.replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return TICKET_CODE.test(code) ? code : undefined;
}
