// The claim form's values per section and the section rules of spec section 5. Each validate
// function returns the first message per field; the form shows them.
import type { DbgGame, ProductType, Title } from '@prize/generated/client';
import type { Address } from './address';
import { isValidDateOfBirth } from './dateOfBirth';
import { FIELD_MESSAGES, type TicketKind } from './messages';
import { PRIZE_MAX_PENCE, PRIZE_MIN_PENCE } from './price';
import { DBG_SERIAL_PATTERN, SC_BARCODE_PATTERN } from './ticketNumber';
import { matches, maxLength, maxValue, minValue, required, rule, type Validator } from './validators';

export type Errors = Record<string, string>;

export interface UploadedFile {
  uuid: string;
  fileName: string;
}

export interface PersonalDetailsValues {
  isOwner?: boolean;
  title?: Title;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  phoneNumber?: string;
  isOverseas?: boolean;
  isManualAddress?: boolean;
  addressLookup?: Address | null;
  addressLine1?: string;
  addressLine2?: string;
  town?: string;
  county?: string;
  postCode?: string;
}

export interface IdDocumentsValues {
  idDocument1FileUuid?: UploadedFile | null;
  idDocument2FileUuid?: UploadedFile | null;
}

export interface ClaimDetailsValues {
  isTicketInPossession?: boolean;
  isTicketDamaged?: boolean;
  isLotteryRetailer?: boolean;
}

// UNSURE is the form's 'not sure' answer; it is never sent.
export type TicketTypeAnswer = 'PINK' | 'WHITE' | 'UNSURE';

export interface AboutTicketValues {
  productType?: ProductType;
  dbgGame?: DbgGame;
  dbgTicketType?: TicketTypeAnswer;
  dbgTicketNumber?: string;
  dbgTermNumber?: string;
  dbgRetailerNumber?: string;
  scBarcodeNumber?: string;
  scSerialNumber?: string;
  scVirn?: string;
  prizeAmountPence?: number | null;
}

export interface TicketImagesValues {
  ticketFrontFileUuid?: UploadedFile | null;
  ticketBackFileUuid?: UploadedFile | null;
}

export interface PaymentValues {
  isChequePreferred?: boolean;
}

// The contract's patterns (PersonalDetails); letters include accented Latin letters.
export const NAME_PATTERN = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0100-\u017F' \u2019-]+$/;
export const ADDRESS_LINE_PATTERN = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0100-\u017F_/\\,'.() \u2019-]+$/;
export const PHONE_PATTERN = /^[0-9]{10,15}$/;
// Free text (addressLine2, town, county): anything but control characters, line and
// bidirectional-override marks, and markup's < and >.
// eslint-disable-next-line no-control-regex
export const FREE_TEXT_PATTERN = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069<>]*$/u;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

function lengthBetween(min: number, max: number): Validator {
  return (value) => {
    const length = String(trimmed(value) ?? '').length;
    return length >= min && length <= max ? undefined : 'length';
  };
}

function trimmedRule(message: string, ...validators: Validator[]): Validator {
  const check = rule(message, ...validators);
  return (value) => check(trimmed(value));
}

const nameRule = (message: string) =>
  trimmedRule(message, required, lengthBetween(2, 30), matches(NAME_PATTERN));

export const fieldRules = {
  firstName: nameRule(FIELD_MESSAGES.firstName),
  lastName: nameRule(FIELD_MESSAGES.lastName),
  phoneNumber: rule(FIELD_MESSAGES.phoneNumber, required, (value) =>
    PHONE_PATTERN.test(normalisePhone(value)) ? undefined : 'pattern',
  ),
  addressLine1: trimmedRule(FIELD_MESSAGES.addressLine1, required, maxLength(100), matches(ADDRESS_LINE_PATTERN)),
  addressLine2: trimmedRule(FIELD_MESSAGES.addressLine2, maxLength(100), matches(FREE_TEXT_PATTERN)),
  town: trimmedRule(FIELD_MESSAGES.town, required, maxLength(50), matches(FREE_TEXT_PATTERN)),
  county: trimmedRule(FIELD_MESSAGES.county, maxLength(30), matches(FREE_TEXT_PATTERN)),
  postCode: trimmedRule(FIELD_MESSAGES.postCode, required, lengthBetween(6, 8)),
  prizeAmountPence: rule(FIELD_MESSAGES.prizeAmountPence, required, minValue(PRIZE_MIN_PENCE), maxValue(PRIZE_MAX_PENCE)),
  dbgTicketNumber: rule(FIELD_MESSAGES.dbgTicketNumber, required, matches(DBG_SERIAL_PATTERN)),
  dbgTermNumber: rule(FIELD_MESSAGES.dbgTermNumber, required, matches(/^\d{8}$/)),
  dbgRetailerNumber: rule(FIELD_MESSAGES.dbgRetailerNumber, required, matches(/^\d{6}$/)),
  scBarcodeNumber: rule(FIELD_MESSAGES.scBarcodeNumber, required, matches(SC_BARCODE_PATTERN)),
  scSerialNumber: rule(FIELD_MESSAGES.scSerialNumber, required, matches(/^\d{9}$/)),
  scVirn: rule(FIELD_MESSAGES.scVirn, required, matches(/^\d{4}$/)),
} as const;

export function normalisePhone(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

function collect(entries: [string, string | undefined][]): Errors {
  const errors: Errors = {};
  for (const [field, message] of entries) if (message !== undefined) errors[field] = message;
  return errors;
}

const chosen = (value: unknown, message: string) => (value === undefined || value === null || value === '' ? message : undefined);

// The claimant chose an address from the lookup (not typed, not overseas): the lookup field
// stands for every address part.
export function usesAddressLookup(values: PersonalDetailsValues): boolean {
  return !values.isOverseas && !values.isManualAddress;
}

export function validatePersonalDetails(values: PersonalDetailsValues, today: Date = new Date()): Errors {
  const entries: [string, string | undefined][] = [
    ['isOwner', chosen(values.isOwner, FIELD_MESSAGES.isOwner)],
    ['title', chosen(values.title, FIELD_MESSAGES.title)],
    ['firstName', fieldRules.firstName(values.firstName)],
    ['lastName', fieldRules.lastName(values.lastName)],
    ['dateOfBirth', isValidDateOfBirth(values.dateOfBirth, today) ? undefined : FIELD_MESSAGES.dateOfBirth],
    ['phoneNumber', fieldRules.phoneNumber(values.phoneNumber)],
  ];
  if (!values.isOverseas) {
    if (values.isManualAddress) {
      entries.push(
        ['addressLine1', fieldRules.addressLine1(values.addressLine1)],
        ['addressLine2', fieldRules.addressLine2(values.addressLine2)],
        ['town', fieldRules.town(values.town)],
        ['county', fieldRules.county(values.county)],
        ['postCode', fieldRules.postCode(values.postCode)],
      );
    } else {
      entries.push(['addressLookup', values.addressLookup ? undefined : FIELD_MESSAGES.addressLookup]);
    }
  }
  return collect(entries);
}

export function validateIdDocuments(values: IdDocumentsValues): Errors {
  return collect([
    ['idDocument1FileUuid', values.idDocument1FileUuid ? undefined : FIELD_MESSAGES.idDocument1FileUuid],
    ['idDocument2FileUuid', values.idDocument2FileUuid ? undefined : FIELD_MESSAGES.idDocument2FileUuid],
  ]);
}

export function validateClaimDetails(values: ClaimDetailsValues): Errors {
  return collect([
    ['isTicketInPossession', values.isTicketInPossession === true ? undefined : FIELD_MESSAGES.isTicketInPossession],
    ['isTicketDamaged', chosen(values.isTicketDamaged, FIELD_MESSAGES.isTicketDamaged)],
    ['isLotteryRetailer', chosen(values.isLotteryRetailer, FIELD_MESSAGES.isLotteryRetailer)],
  ]);
}

export function validateAboutTicket(values: AboutTicketValues): Errors {
  const entries: [string, string | undefined][] = [['productType', chosen(values.productType, FIELD_MESSAGES.productType)]];
  if (values.productType === 'DBG') {
    entries.push(
      ['dbgGame', chosen(values.dbgGame, FIELD_MESSAGES.dbgGame)],
      ['dbgTicketType', chosen(values.dbgTicketType, FIELD_MESSAGES.dbgTicketType)],
    );
    // The numbers are asked once the colour is known; 'not sure' ends the claim here.
    if (values.dbgTicketType !== 'PINK' && values.dbgTicketType !== 'WHITE') return collect(entries);
    entries.push(['dbgTicketNumber', fieldRules.dbgTicketNumber(values.dbgTicketNumber)]);
    if (values.dbgTicketType === 'PINK') entries.push(['dbgTermNumber', fieldRules.dbgTermNumber(values.dbgTermNumber)]);
    if (values.dbgTicketType === 'WHITE') {
      entries.push(['dbgRetailerNumber', fieldRules.dbgRetailerNumber(values.dbgRetailerNumber)]);
    }
  }
  if (values.productType === 'SC') {
    entries.push(
      ['scBarcodeNumber', fieldRules.scBarcodeNumber(values.scBarcodeNumber)],
      ['scSerialNumber', fieldRules.scSerialNumber(values.scSerialNumber)],
      ['scVirn', fieldRules.scVirn(values.scVirn)],
    );
  }
  if (values.productType !== undefined) {
    entries.push(['prizeAmountPence', fieldRules.prizeAmountPence(values.prizeAmountPence)]);
  }
  return collect(entries);
}

export function ticketKind(ticket: AboutTicketValues): TicketKind {
  return ticket.productType === 'SC' ? 'Scratchcard' : 'draw game ticket';
}

// The back is needed for Scratchcards and pink draw tickets.
export function needsTicketBack(ticket: AboutTicketValues): boolean {
  return ticket.productType === 'SC' || (ticket.productType === 'DBG' && ticket.dbgTicketType === 'PINK');
}

export function validateTicketImages(values: TicketImagesValues, ticket: AboutTicketValues): Errors {
  const kind = ticketKind(ticket);
  return collect([
    ['ticketFrontFileUuid', values.ticketFrontFileUuid ? undefined : FIELD_MESSAGES.ticketFrontFileUuid(kind)],
    [
      'ticketBackFileUuid',
      needsTicketBack(ticket) && !values.ticketBackFileUuid ? FIELD_MESSAGES.ticketBackFileUuid(kind) : undefined,
    ],
  ]);
}

export function validatePayment(_values: PaymentValues): Errors {
  return {};
}
