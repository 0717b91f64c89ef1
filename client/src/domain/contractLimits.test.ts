import { PersonalDetailsRules, StartClaimRequestRules } from '@prize/generated/rules';
import { describe, expect, it } from 'vitest';
import { validatePersonalDetails, type PersonalDetailsValues } from '../form/claimForm';
import { startEmailRule } from './startEmail';

// The limits are read from generated/rules (openapi/ through `make generate`): a new maxLength
// in the contract moves the client's boundary with no edit here or in the rules.
const emailOfLength = (length: number) => `${'a'.repeat(length - 5)}@b.co`;

const typedIn: PersonalDetailsValues = {
  isOwner: true,
  title: 'Ms',
  firstName: 'Jo',
  lastName: 'Bloggs',
  dateOfBirth: '1980-01-01',
  phoneNumber: '07700900123',
  isManualAddress: true,
  addressLine1: '1 High Street',
  town: 'Leeds',
  postCode: 'LS6 2AB',
};

describe("the client's limits are the contract's", () => {
  it('when the e-mail is at the contract maxLength it passes; one more character and it is refused', () => {
    const max = StartClaimRequestRules.email.maxLength;
    expect(startEmailRule(emailOfLength(max))).toBeUndefined();
    expect(startEmailRule(emailOfLength(max + 1))).toBe(StartClaimRequestRules.email.message);
  });

  it.each(['firstName', 'lastName', 'addressLine1', 'addressLine2', 'town', 'county'] as const)(
    '%s: the contract maxLength passes, one more is refused',
    (field) => {
      const max = PersonalDetailsRules[field].maxLength;
      const errorsWith = (value: string) =>
        validatePersonalDetails({ ...typedIn, [field]: value })[field];
      expect(errorsWith('a'.repeat(max))).toBeUndefined();
      expect(errorsWith('a'.repeat(max + 1))).toBe(PersonalDetailsRules[field].message);
    },
  );
});
