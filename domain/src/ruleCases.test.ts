import { describe, expect, it } from 'vitest';
import { personalDetailsProblems } from './personalDetails.ts';
import { RULE_CASES, VALID_PERSONAL_DETAILS } from './ruleCases.ts';

// The same table runs in client/src/form/ruleCases.test.ts and
// server/test/claim/rule-cases.test.ts: page and server answer each case alike.
const now = new Date();

describe('the shared rule cases, in the domain', () => {
  it.each(RULE_CASES.map((ruleCase) => [ruleCase.name, ruleCase] as const))(
    '%s',
    (_name, { input, problems }) => {
      const details = { ...VALID_PERSONAL_DETAILS, ...input(now) };
      const found = Object.fromEntries(
        personalDetailsProblems(details, now).map((problem) => [problem.property, problem.message]),
      );
      expect(found).toEqual(problems);
    },
  );
});
