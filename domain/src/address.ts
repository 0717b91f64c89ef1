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
