// Every rule of a claimant's personal details (spec section 5), run by the page before it calls
// the identity check and by the server on the body it receives: the contract's own field rules
// (generated/rules), then what the contract cannot state (age, postcode, the overseas choice).
import { PersonalDetailsRules } from '@prize/generated/rules';
import type { components } from '@prize/generated/server';
import { ADDRESS_FIELDS, REQUIRED_ADDRESS_PARTS, isUkPostcode } from './address.ts';
import { isAllowedAge } from './age.ts';
import { breaksContractRule, isBlank } from './fieldRule.ts';
import type { Problem } from './problem.ts';

export type PersonalDetails = components['schemas']['PersonalDetails'];
type Field = keyof typeof PersonalDetailsRules & keyof PersonalDetails;

/** The fields in the order the form shows them (and problems are listed). */
const FIELDS = [
  'isOwner',
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'phoneNumber',
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postCode',
] as const satisfies readonly Field[];

const ALWAYS_REQUIRED: readonly Field[] = [
  'isOwner',
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'phoneNumber',
];

/** The phone number as sent: the page lets the claimant type spaces, the contract has digits only. */
export function normalisePhone(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

const messageOf = (field: Field): string =>
  (PersonalDetailsRules[field] as { message: string }).message;

/** The broken rule of one field's value, or undefined: its contract rule plus what it cannot say. */
function fieldRule(
  field: Field,
  value: unknown,
  required: boolean,
  today: Date,
): string | undefined {
  if (field === 'isOwner') return typeof value === 'boolean' ? undefined : 'required';
  if (isBlank(value)) return required ? 'required' : undefined;
  if (field === 'dateOfBirth')
    return typeof value === 'string' && isAllowedAge(value, today) ? undefined : 'minimumAge';
  const checked = field === 'phoneNumber' ? normalisePhone(value) : value;
  if (breaksContractRule(PersonalDetailsRules[field], checked)) return 'format';
  if (field === 'postCode' && !isUkPostcode(value as string)) return 'postcode';
  return undefined;
}

/**
 * Every problem of a personal-details body, the first per field, in the form's order. Partial: a
 * body the schema refused is checked on the fields it accepted.
 */
export function personalDetailsProblems(
  details: Partial<PersonalDetails>,
  today = new Date(),
): Problem[] {
  const problems: Problem[] = [];
  if (details.isOverseas) {
    for (const field of ADDRESS_FIELDS) {
      if (!isBlank(details[field]))
        problems.push({
          property: field,
          rule: 'overseas',
          message: `${field} must be omitted when living overseas`,
        });
    }
  }
  for (const field of FIELDS) {
    const isAddress = (ADDRESS_FIELDS as readonly string[]).includes(field);
    if (isAddress && details.isOverseas) continue;
    const required =
      ALWAYS_REQUIRED.includes(field) ||
      (REQUIRED_ADDRESS_PARTS as readonly string[]).includes(field);
    const rule = fieldRule(field, details[field], required, today);
    if (rule) problems.push({ property: field, rule, message: messageOf(field) });
  }
  return problems;
}

/** One field's message when its value breaks its rule (the page checks a field as it is left). */
export function personalDetailsFieldMessage(
  field: Exclude<Field, 'isOwner' | 'dateOfBirth'>,
  value: unknown,
  required: boolean,
): string | undefined {
  return fieldRule(field, value, required, new Date()) ? messageOf(field) : undefined;
}
