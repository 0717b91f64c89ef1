/**
 * What a search typed into the back office queue could be (issue 32): a caller gives a
 * reference, an e-mail address, a postcode, a phone number, a ticket number or a name. Each kind
 * is recognised from its form and compared exactly with a normalised form that has an index, so
 * references one character apart never match each other. Pure: no I/O.
 */

export type SearchKind = 'reference' | 'email' | 'postcode' | 'phone' | 'ticketNumber' | 'name';

export interface SearchTerm {
  kind: SearchKind;
  /** The input in the normalised form its column is indexed in. */
  value: string;
}

/** The references' alphabet (reference.ts), at least 8 characters. */
const REFERENCE = /^[K7Q2M9XAHRCW4EFN3TGYP8JBS6DZ5]{8,16}$/;
const POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/;
const PHONE_CHARACTERS = /^\+?[0-9 ()-]+$/;
const NAME = /^[\p{L}' .-]+$/u;

/** Every reading of `input` worth looking up: one input can be, say, a reference or a name. */
export function searchTerms(input: string): SearchTerm[] {
  const text = input.trim();
  if (text.includes('@')) return [{ kind: 'email', value: text.toLowerCase() }];
  const terms: SearchTerm[] = [];
  const upper = text.toUpperCase();
  if (REFERENCE.test(upper)) terms.push({ kind: 'reference', value: upper });
  const compact = upper.replace(/\s+/g, '');
  if (POSTCODE.test(compact)) terms.push({ kind: 'postcode', value: compact });
  const digits = text.replace(/[^0-9]/g, '');
  if (PHONE_CHARACTERS.test(text) && digits.length >= 10 && digits.length <= 13)
    terms.push({ kind: 'phone', value: digits.replace(/^44/, '0') });
  const ticket = upper.replace(/[^0-9A-Z]/g, '');
  if (/[0-9]{6}/.test(ticket) && !text.startsWith('+'))
    terms.push({ kind: 'ticketNumber', value: ticket });
  if (NAME.test(text) && /\p{L}/u.test(text))
    terms.push({ kind: 'name', value: text.toLowerCase().replace(/\s+/g, ' ') });
  return terms;
}
