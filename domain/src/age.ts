// The age rule of spec section 5, which the contract cannot state (it depends on today). "Today"
// is the claimant's day in the United Kingdom (Europe/London) on the page and on the server alike:
// a browser in another zone, or a server clock in UTC, would otherwise move an 18th birthday by a
// day around midnight.

/** Claimants must be 18 or over; a birth date more than 150 years ago is a typing mistake. */
export const MINIMUM_AGE = 18;
export const MAXIMUM_AGE = 150;

/** The time zone whose calendar day the age rule counts in. */
export const CLAIM_TIME_ZONE = 'Europe/London';

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

// Made on first use, not when the module loads: a formatter with a time zone loads the browser's
// zone data: at module load it was the costliest line of the claim page's start (issue 35).
let london: Intl.DateTimeFormat | undefined;
const londonDays = () =>
  (london ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: CLAIM_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }));

/** The calendar day `now` falls on in the United Kingdom. */
export function ukDay(now: Date): CalendarDay {
  const parts = londonDays().formatToParts(now);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A yyyy-mm-dd string that names a real calendar day (not 1988-02-31). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Whole years between a yyyy-mm-dd birth date and today in the United Kingdom. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const today = ukDay(now);
  let age = today.year - year;
  const monthDiff = today.month - month;
  if (monthDiff < 0 || (monthDiff === 0 && today.day < day)) age -= 1;
  return age;
}

/** A real date of birth of someone 18 to 150 years old today (an 18th birthday today counts). */
export function isAllowedAge(dateOfBirth: string, now: Date): boolean {
  if (!isCalendarDate(dateOfBirth)) return false;
  const age = ageOn(dateOfBirth, now);
  return age >= MINIMUM_AGE && age <= MAXIMUM_AGE;
}

/** The birth years the page offers, newest first: this UK year minus 18 back to minus 150. */
/**
 * The year `now` falls in in the United Kingdom: the UTC year, as London keeps GMT (UTC+0) from
 * October to March, so the two turn the year together. No zone formatter: making the first one
 * costs a page about 20 ms of main thread, and the date-of-birth selects need only the year
 * (issue 35, the claim form's first render).
 */
export function ukYear(now: Date): number {
  return now.getUTCFullYear();
}

export function birthYears(now: Date): number[] {
  const year = ukYear(now);
  const years: number[] = [];
  for (let candidate = year - MINIMUM_AGE; candidate >= year - MAXIMUM_AGE; candidate -= 1)
    years.push(candidate);
  return years;
}
