import { describe, expect, it } from 'vitest';
import { ageOn, isAllowedAge } from './age.ts';

const today = new Date(Date.UTC(2026, 10, 25));

describe('the age rule', () => {
  it('when the 18th birthday is today, then the claimant is 18 and allowed', () => {
    expect(ageOn('2008-11-25', today)).toBe(18);
    expect(isAllowedAge('2008-11-25', today)).toBe(true);
  });

  it('when the 18th birthday is tomorrow, then the claimant is 17 and refused', () => {
    expect(ageOn('2008-11-26', today)).toBe(17);
    expect(isAllowedAge('2008-11-26', today)).toBe(false);
  });

  it('when the birth date is over 150 years ago, then it is refused as a typing mistake', () => {
    expect(isAllowedAge('1876-11-25', today)).toBe(true);
    expect(isAllowedAge('1875-11-24', today)).toBe(false);
  });
});
