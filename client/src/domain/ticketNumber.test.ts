import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatDbgSerial,
  formatScBarcode,
  formatTicketNumber,
  maxFormattedLength,
  SC_BARCODE_GROUPS,
} from './ticketNumber';

describe('ticket number input', () => {
  it.each([
    ['1', '1'],
    ['1234', '1234-'],
    ['12345', '1234-5'],
    ['1234123456789', '1234-123456789-'],
    ['1234123456789123456', '1234-123456789-123456'],
    ['12341234567891234567777', '1234-123456789-123456'],
    ['1234-123456789-123456', '1234-123456789-123456'],
    ['ab12 34/56', '1234-56'],
  ])('When %j is typed for a 19-digit serial, then it shows %j', (typed, shown) => {
    expect(formatDbgSerial(typed)).toBe(shown);
  });

  it.each([
    ['53', '53-'],
    ['531234', '53-1234-'],
    ['5312345678901234567890123456', '53-1234-5678-9012-34-5-6789-0123-456'],
    ['53-1234-5678-9012-34-5-6789-0123-456', '53-1234-5678-9012-34-5-6789-0123-456'],
  ])('When %j is typed starting with 53, then the 28-digit format shows %j', (typed, shown) => {
    expect(formatDbgSerial(typed)).toBe(shown);
  });

  it('When deleting the hyphen the input added, then it is not added back', () => {
    expect(formatTicketNumber('1234', [4, 9, 6], '1234-')).toBe('1234');
    expect(formatTicketNumber('123', [4, 9, 6], '1234')).toBe('123');
  });

  it('formats Scratchcard barcodes 4-7-3', () => {
    expect(formatScBarcode('01234567890123')).toBe('0123-4567890-123');
    expect(formatScBarcode('0123456')).toBe('0123-456');
    expect(maxFormattedLength(SC_BARCODE_GROUPS)).toBe(16);
  });

  it('keeps plain number fields to their digits', () => {
    expect(digitsOnly('40 12-3456x7', 8)).toBe('40123456');
  });
});
