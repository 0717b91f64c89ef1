import { describe, expect, it } from 'vitest';
import { dpsCodeFromBarcode } from './address.ts';

describe('dpsCodeFromBarcode (spec section 3)', () => {
  it.each([
    ['(LS62AB1AW)', 'LS6 2AB', '1A'],
    ['(IM11JE2BX)', 'im1 1je', '2B'],
    ['(ls62ab1aw)', 'LS6 2AB', '1A'],
    ['(LS62AB1AW)', 'LS6 2AC', ''],
    ['(LS62AB1AW)', 'M1 1AE', ''],
    ['', 'LS6 2AB', ''],
    ['(LS62AB)', 'LS6 2AB', ''],
    ['(LS62AB1)', 'LS6 2AB', ''],
    ['(LS62AB-)W)', 'LS6 2AB', ''],
    ['(LS62AB1AW)', '', ''],
    [null, 'LS6 2AB', ''],
    ['(LS62AB1AW)', undefined, ''],
  ])('barcode %j with postcode %j gives %j', (barcode, postcode, code) => {
    expect(dpsCodeFromBarcode(barcode, postcode)).toBe(code);
  });
});
