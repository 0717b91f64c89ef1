// The age rule of spec section 5, which the contract cannot state (it depends on today).

/** Claimants must be 18 or over; a birth date more than 150 years ago is a typing mistake. */
export const MINIMUM_AGE = 18;
export const MAXIMUM_AGE = 150;

/** Whole years between a yyyy-mm-dd birth date and today (UTC). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const monthDiff = today.getUTCMonth() + 1 - month;
  if (monthDiff < 0 || (monthDiff === 0 && today.getUTCDate() < day)) age -= 1;
  return age;
}

export function isAllowedAge(dateOfBirth: string, today: Date): boolean {
  const age = ageOn(dateOfBirth, today);
  return age >= MINIMUM_AGE && age <= MAXIMUM_AGE;
}
