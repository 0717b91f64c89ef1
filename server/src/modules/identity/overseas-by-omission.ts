import { isBlank } from '@prize/domain';

/** Every address part the identity body can carry, the lookup's id included. */
const ADDRESS_PARTS = [
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postCode',
  'dpsCode',
  'addressId',
] as const;

/**
 * Spec section 7 lists the amend form's identity body without `isOverseas`: its address fields
 * and dpsCode are omitted when the claimant lives overseas. So a body that does not say
 * `isOverseas` and sends no address part is an overseas one; any address part sent keeps the
 * address rules (a UK address still needs its line 1, town and postcode). Overseas asks for ID
 * documents, so reading a forgotten address as overseas never skips a check.
 */
export function overseasByOmission<T extends object>(body: T): T {
  const fields = body as Record<string, unknown>;
  if (fields.isOverseas !== undefined) return body;
  if (ADDRESS_PARTS.some((part) => !isBlank(fields[part]))) return body;
  return { ...body, isOverseas: true };
}
