// The date-of-birth selector: day, month and year selects kept as one 'YYYY-MM-DD' value;
// unchosen parts are empty ('1980--' is a year with no month or day yet).

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

// The age rule and the years offered are the shared domain's (@prize/domain), counted on the
// UK calendar day as the server counts them, whatever the browser's time zone.
export { MAXIMUM_AGE, MINIMUM_AGE } from '@prize/domain';
import { birthYears, isAllowedAge } from '@prize/domain';

export function parseDateValue(value: string | undefined | null): DateParts {
  const [year = '', month = '', day = ''] = (value ?? '').split('-');
  return {
    year,
    month: month === '' ? '' : String(Number(month)),
    day: day === '' ? '' : String(Number(day)),
  };
}

export function formatDateValue({ day, month, year }: DateParts): string {
  if (day === '' && month === '' && year === '') return '';
  const pad = (part: string) => (part === '' ? '' : part.padStart(2, '0'));
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function isCompleteDate(value: string | undefined | null): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value ?? '');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

// 31 until a month is chosen; February has 29 until a year says otherwise.
export function daysInMonth(month: string, year: string): number {
  const m = Number(month);
  if (month === '' || !Number.isInteger(m) || m < 1 || m > 12) return 31;
  if (m === 2) return year === '' || isLeapYear(Number(year)) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

// Changing the month or year never leaves a day the month does not have.
export function withClampedDay(parts: DateParts): DateParts {
  if (parts.day === '') return parts;
  const max = daysInMonth(parts.month, parts.year);
  return Number(parts.day) > max ? { ...parts, day: String(max) } : parts;
}

// Newest first: this UK year minus 18 back to minus 150.
export const yearOptions = birthYears;

// At least 18 years ago (an 18th birthday today counts) and at most 150.
export function isValidDateOfBirth(value: string | undefined | null, today: Date): boolean {
  return isCompleteDate(value) && isAllowedAge(value as string, today);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function formatLongDate(value: string): string {
  const { day, month, year } = parseDateValue(value);
  const monthName = MONTH_NAMES[Number(month) - 1];
  return monthName === undefined ? value : `${day} ${monthName} ${year}`;
}
