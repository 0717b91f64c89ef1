import { RULE_CASES, VALID_PERSONAL_DETAILS } from '@prize/domain';
import { describe, expect, it } from 'vitest';
import { validatePersonalDetails, type PersonalDetailsValues } from './claimForm';

// The shared rule cases (domain/src/ruleCases.ts) typed into the page's personal details: the
// page refuses exactly the fields the server refuses (server/test/claim/rule-cases.test.ts), with
// the same messages, before anything is sent.
const now = new Date();

describe('the shared rule cases, on the page', () => {
  it.each(RULE_CASES.map((ruleCase) => [ruleCase.name, ruleCase] as const))(
    '%s',
    (_name, { input, problems }) => {
      const details = { ...VALID_PERSONAL_DETAILS, ...input(now) };
      const values: PersonalDetailsValues = {
        ...details,
        isManualAddress: !details.isOverseas,
        addressLookup: null,
      };
      expect(validatePersonalDetails(values, now)).toEqual(problems);
    },
  );
});
