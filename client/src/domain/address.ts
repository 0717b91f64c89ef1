// Address lookup rules: Loqate Find/Retrieve answers, their error codes, highlight ranges and
// the Royal Mail delivery point suffix (dpsCode).
import type {
  FindItem,
  FindResponse,
  LoqateError,
  RetrieveItem,
  RetrieveResponse,
} from '@prize/generated/client';
import { ApiError, ERROR_MESSAGES } from '@prize/generated/transport/errors';
import { ADDRESS_PARTS, dpsCodeFromBarcode, type AddressPart } from '@prize/domain';
import { ADDRESS_MESSAGES } from './messages';

// The address parts are the shared domain's (ADDRESS_PARTS), as the form and server read them.
export type Address = Record<AddressPart, string> & {
  dpsCode: string;
  // The lookup's Id of the address: sent so the server reads the delivery point back itself.
  addressId?: string;
};

export const ADDRESS_COUNTRIES = 'GB,IM';
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const ADDRESS_SEARCH_MAX_WAIT_MS = 1500;

export type Range = readonly [start: number, end: number];

function parseRanges(group: string | undefined): Range[] {
  if (group === undefined || group === '') return [];
  const ranges: Range[] = [];
  for (const part of group.split(',')) {
    const match = /^(\d+)-(\d+)$/.exec(part.trim());
    if (!match) continue;
    const start = Number(match[1]);
    const end = Number(match[2]);
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}

// 'a-b,c-d;e-f': the group before ';' marks Text, the one after it Description.
export function parseHighlight(highlight: string | null | undefined): {
  text: Range[];
  description: Range[];
} {
  const [text, description] = (highlight ?? '').split(';');
  return { text: parseRanges(text), description: parseRanges(description) };
}

export interface Segment {
  text: string;
  highlighted: boolean;
}

export function highlightSegments(text: string, ranges: readonly Range[]): Segment[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const [rawStart, rawEnd] of sorted) {
    const start = Math.max(rawStart, cursor);
    const end = Math.min(rawEnd, text.length);
    if (end <= start) continue;
    if (start > cursor) segments.push({ text: text.slice(cursor, start), highlighted: false });
    segments.push({ text: text.slice(start, end), highlighted: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), highlighted: false });
  return segments;
}

const FIND_ERRORS: Record<string, string> = {
  '1001': ADDRESS_MESSAGES.findEmpty,
  '1004': ADDRESS_MESSAGES.findTimedOut,
  '1005': ADDRESS_MESSAGES.findInvalid,
};

const RETRIEVE_ERRORS: Record<string, string> = {
  '1001': ADDRESS_MESSAGES.retrieveInvalid,
};

function isErrorItem(item: unknown): item is LoqateError {
  return typeof item === 'object' && item !== null && 'Error' in item;
}

export type LookupResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function interpretFind(response: FindResponse | undefined): LookupResult<FindItem[]> {
  const items = response?.Items;
  if (!Array.isArray(items)) return { ok: false, message: ERROR_MESSAGES.unexpected };
  const error = items.find(isErrorItem);
  if (error) return { ok: false, message: FIND_ERRORS[error.Error] ?? ERROR_MESSAGES.unexpected };
  return { ok: true, value: items as FindItem[] };
}

export function interpretRetrieve(
  response: RetrieveResponse | undefined,
  id: string,
): LookupResult<Address> {
  const items = response?.Items;
  if (!Array.isArray(items)) return { ok: false, message: ERROR_MESSAGES.unexpected };
  const error = items.find(isErrorItem);
  if (error)
    return { ok: false, message: RETRIEVE_ERRORS[error.Error] ?? ERROR_MESSAGES.unexpected };
  const item = (items as RetrieveItem[]).find((candidate) => candidate.Id === id);
  if (!item) return { ok: false, message: ERROR_MESSAGES.unexpected };
  return {
    ok: true,
    value: {
      addressLine1: item.Line1 ?? '',
      addressLine2: item.Line2 ?? '',
      town: item.City ?? '',
      county: item.Province ?? '',
      postCode: item.PostalCode ?? '',
      dpsCode: dpsCodeFromBarcode(item.Barcode, item.PostalCode),
      addressId: item.Id,
    },
  };
}

// A failed call (non-success status, timeout, network) as the field's message.
export function lookupFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')) {
    return ERROR_MESSAGES.unreachable;
  }
  if (error instanceof ApiError && error.kind === 'rateLimited') return error.message;
  return ERROR_MESSAGES.unexpected;
}

export function isContainer(item: FindItem): boolean {
  return item.Type !== 'Address';
}

export function addressLines(address: Address): string[] {
  return ADDRESS_PARTS.map((part) => address[part]).filter((line) => line.trim() !== '');
}
