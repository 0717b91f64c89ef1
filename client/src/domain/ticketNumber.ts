// Ticket numbers: digit groups joined by hyphens, the hyphen added as soon as a group is full.
// The groups and the serial's format are the shared domain's (@prize/domain), as the server's.
import { SC_BARCODE_GROUPS, dbgSerialGroups, type Groups } from '@prize/domain';

export {
  DBG_SERIAL_53_GROUPS,
  DBG_SERIAL_GROUPS,
  SC_BARCODE_GROUPS,
  dbgSerialGroups,
  isDbgTicketNumberFormat,
  type Groups,
} from '@prize/domain';

export function maxFormattedLength(groups: Groups): number {
  return groups.reduce((sum, size) => sum + size, 0) + groups.length - 1;
}

// `previous` is the value before this keystroke: while deleting, no hyphen is added at the
// end, so backspace can remove the one the input added.
export function formatTicketNumber(raw: string, groups: Groups, previous = ''): string {
  const total = groups.reduce((sum, size) => sum + size, 0);
  const digits = raw
    .replace(/[^\d-]/g, '')
    .replace(/-/g, '')
    .slice(0, total);
  const parts: string[] = [];
  let offset = 0;
  for (const size of groups) {
    if (offset >= digits.length) break;
    parts.push(digits.slice(offset, offset + size));
    offset += size;
  }
  let formatted = parts.join('-');
  const lastPart = parts[parts.length - 1];
  const lastSize = groups[parts.length - 1];
  const deleting = raw.length < previous.length;
  if (
    !deleting &&
    lastPart !== undefined &&
    lastPart.length === lastSize &&
    parts.length < groups.length
  ) {
    formatted += '-';
  }
  return formatted;
}

export function formatDbgSerial(raw: string, previous = ''): string {
  return formatTicketNumber(raw, dbgSerialGroups(raw), previous);
}

export function formatScBarcode(raw: string, previous = ''): string {
  return formatTicketNumber(raw, SC_BARCODE_GROUPS, previous);
}

// A value typed into a plain number field: digits only, up to `length`.
export function digitsOnly(raw: string, length: number): string {
  return raw.replace(/\D/g, '').slice(0, length);
}
