import { describe, expect, it } from 'vitest';
import { formatPence, penceToPoundsText, poundsTextToPence, sanitizePriceInput } from './price';

describe('price input', () => {
  it.each([
    ['1750', '1750'],
    ['£1,750.50', '1750.50'],
    ['1750.555', '1750.55'],
    ['1.2.3', '1.23'],
    ['abc', ''],
    ['.5', '.5'],
    ['12.', '12.'],
    [' 500 . 01 ', '500.01'],
  ])('When %j is typed, then the input keeps %j', (typed, kept) => {
    expect(sanitizePriceInput(typed)).toBe(kept);
  });

  it.each([
    ['', null],
    ['.', null],
    ['500.01', 50001],
    ['1750', 175000],
    ['0.29', 29],
    ['1.005', 100],
    ['50000', 5000000],
    ['19.99', 1999],
  ])('When the text is %j, then the stored pence are %j', (text, pence) => {
    expect(poundsTextToPence(text)).toBe(pence);
  });

  it('shows stored pence as editable pounds', () => {
    expect(penceToPoundsText(null)).toBe('');
    expect(penceToPoundsText(175000)).toBe('1750');
    expect(penceToPoundsText(50001)).toBe('500.01');
    expect(penceToPoundsText(50010)).toBe('500.10');
  });

  it('formats amounts for the summary', () => {
    expect(formatPence(175000)).toBe('£1,750.00');
    expect(formatPence(50001)).toBe('£500.01');
    expect(formatPence(null)).toBe('');
  });
});
