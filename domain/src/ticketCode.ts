// The code on the label Winner Services sticks to a posted ticket (docs/adr/020): `PC-` and 10
// characters of Crockford's base32. Staff type or scan it; the server and the staff page read it
// the same way.

/** Crockford's base32: digits and upper-case letters without I, L, O and U (nothing to misread). */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_CODE_LENGTH = 10;
export const TICKET_CODE_PREFIX = 'PC-';
export const TICKET_CODE = /^PC-[0-9A-HJKMNP-TV-Z]{10}$/;

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
