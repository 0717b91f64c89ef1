// The parts of a UK address a claimant gives (spec section 5) and the postcode rule, shared by the
// page (which must never let through what the server refuses) and the server.
import { isValid as isValidPostcode } from 'postcode';

/** The typed address parts, in the order the form shows them. */
export const ADDRESS_PARTS = [
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postCode',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** Required unless the claimant lives overseas. */
export const REQUIRED_ADDRESS_PARTS: readonly AddressPart[] = ['addressLine1', 'town', 'postCode'];

/** Every address field of PersonalDetails: the parts and what the lookup adds. */
export const ADDRESS_FIELDS = [...ADDRESS_PARTS, 'addressId', 'dpsCode'] as const;

/**
 * A UK or Isle of Man postcode (IM is part of the UK postcode system), with or without its space,
 * in any case: the `postcode` library's rule, which the contract's 6-8 characters alone cannot
 * say (`ABCDEF` has the length and is no postcode).
 */
export function isUkPostcode(value: string): boolean {
  return isValidPostcode(value.trim());
}

/**
 * The Royal Mail delivery point suffix (spec section 3: the dpsCode): the 2 letters or digits
 * after the upper-cased, space-stripped postcode in the address's barcode, or '' when the barcode
 * does not carry that postcode. One rule for the page, which sends it, and the server, which
 * reads it back from the lookup itself (docs/adr/016).
 */
export function dpsCodeFromBarcode(
  barcode: string | null | undefined,
  postcode: string | null | undefined,
): string {
  const code = (postcode ?? '').toUpperCase().replace(/\s+/g, '');
  if (code === '') return '';
  const bar = (barcode ?? '').toUpperCase();
  const at = bar.indexOf(code);
  if (at === -1) return '';
  const suffix = bar.slice(at + code.length, at + code.length + 2);
  return /^[0-9A-Z]{2}$/.test(suffix) ? suffix : '';
}
