import { describe, expect, it } from 'vitest';
import { ageOn, birthYears, isAllowedAge, ukDay, ukYear } from './age.ts';

const today = new Date(Date.UTC(2026, 10, 25, 12));

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

  it('when the date does not exist, then it is refused', () => {
    expect(isAllowedAge('1988-02-31', today)).toBe(false);
    expect(isAllowedAge('1988-02-29', today)).toBe(true);
  });

  // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): the UK day counts, on any clock.
  it('when it is already the 18th birthday in London but not yet in UTC, then the claimant is 18', () => {
    const londonPastMidnight = new Date('2026-06-30T23:30:00Z');
    expect(ukDay(londonPastMidnight)).toEqual({ year: 2026, month: 7, day: 1 });
    expect(isAllowedAge('2008-07-01', londonPastMidnight)).toBe(true);
  });

  it('when it is New Year in London, then the birth years offered start from the new year', () => {
    const years = birthYears(new Date('2026-12-31T23:59:59Z'));
    expect(years[0]).toBe(2008);
    expect(birthYears(new Date('2027-01-01T00:00:00Z'))[0]).toBe(2009);
    expect(years.at(-1)).toBe(2026 - 150);
  });

  it("when the year is read without a zone formatter, then it is London's year at every hour of the year", () => {
    const start = Date.UTC(2025, 11, 30);
    for (let hour = 0; hour < 24 * 368; hour += 1) {
      const now = new Date(start + hour * 3_600_000 + 59 * 60_000);
      expect(ukYear(now)).toBe(ukDay(now).year);
    }
  });
});
