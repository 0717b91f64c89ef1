import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatDateValue,
  formatLongDate,
  isValidDateOfBirth,
  parseDateValue,
  withClampedDay,
  yearOptions,
} from './dateOfBirth';

const today = new Date(2026, 10, 22);

describe('date of birth selector', () => {
  it.each([
    ['', '', 31],
    ['2', '', 29],
    ['2', '2000', 29],
    ['2', '1900', 28],
    ['2', '2023', 28],
    ['4', '', 30],
    ['12', '1990', 31],
  ])('month %j of year %j has %i days', (month, year, days) => {
    expect(daysInMonth(month, year)).toBe(days);
  });

  it('When the month shrinks, then the day is clamped', () => {
    expect(withClampedDay({ day: '31', month: '4', year: '' })).toEqual({
      day: '30',
      month: '4',
      year: '',
    });
    expect(withClampedDay({ day: '30', month: '2', year: '2001' })).toEqual({
      day: '28',
      month: '2',
      year: '2001',
    });
    expect(withClampedDay({ day: '15', month: '2', year: '2001' })).toEqual({
      day: '15',
      month: '2',
      year: '2001',
    });
    expect(withClampedDay({ day: '', month: '2', year: '' })).toEqual({
      day: '',
      month: '2',
      year: '',
    });
  });

  it('offers years from 18 to 150 years ago, newest first', () => {
    const years = yearOptions(today);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1876);
    expect(years).toHaveLength(133);
  });

  it('keeps partial dates in one value', () => {
    expect(formatDateValue({ day: '5', month: '3', year: '1980' })).toBe('1980-03-05');
    expect(formatDateValue({ day: '', month: '3', year: '' })).toBe('-03-');
    expect(formatDateValue({ day: '', month: '', year: '' })).toBe('');
    expect(parseDateValue('1980-03-05')).toEqual({ day: '5', month: '3', year: '1980' });
    expect(parseDateValue('-03-')).toEqual({ day: '', month: '3', year: '' });
    expect(parseDateValue(undefined)).toEqual({ day: '', month: '', year: '' });
  });

  it.each([
    ['2008-11-22', true],
    ['2008-11-23', false],
    ['1876-11-22', true],
    // The age is at most 150 on the UK day, as the server counts it: every day of the oldest
    // year offered passes.
    ['1876-11-21', true],
    ['1875-11-22', false],
    ['1980-02-30', false],
    ['1980-02-29', true],
    ['1981-02-29', false],
    ['1980--', false],
    ['', false],
  ])('date of birth %j is valid: %s', (value, valid) => {
    expect(isValidDateOfBirth(value, today)).toBe(valid);
  });

  it('reads dates in full for the summary', () => {
    expect(formatLongDate('1980-03-05')).toBe('5 March 1980');
  });
});
