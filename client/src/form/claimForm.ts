// The claim form's values per section and the section rules of spec section 5. Each validate
// function returns the first message per field; the form shows them.
import type { DbgGame, ProductType, Title } from '@prize/generated/client';
import {
  ClaimSubmissionRules,
  PersonalDetailsRules,
  contractPattern,
} from '@prize/generated/rules';
import type { Address } from '../domain/address';
import { isValidDateOfBirth } from '../domain/dateOfBirth';
import { FIELD_MESSAGES, type TicketKind } from '../domain/messages';
import { PRIZE_MAX_PENCE, PRIZE_MIN_PENCE } from '../domain/price';
import { DBG_SERIAL_PATTERN, SC_BARCODE_PATTERN } from '../domain/ticketNumber';
import {
  matches,
  maxLength,
  maxValue,
  minValue,
  required,
  rule,
  type Validator,
} from '../domain/validators';

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

// The contract's patterns and limits (generated/rules from openapi/PersonalDetails and
// ClaimSubmission); letters include accented Latin letters.
const person = PersonalDetailsRules;
const ticket = ClaimSubmissionRules;
export const NAME_PATTERN = contractPattern(person.firstName.pattern);
export const ADDRESS_LINE_PATTERN = contractPattern(person.addressLine1.pattern);
export const PHONE_PATTERN = contractPattern(person.phoneNumber.pattern);
// Free text (addressLine2, town, county): anything but control characters, line and
// bidirectional-override marks, and markup's < and >.
export const FREE_TEXT_PATTERN = contractPattern(person.town.pattern);

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

const nameRule = (
  message: string,
  limits: { minLength: number; maxLength: number; pattern: string },
) =>
  trimmedRule(
    message,
    required,
    lengthBetween(limits.minLength, limits.maxLength),
    matches(contractPattern(limits.pattern)),
  );

export const fieldRules = {
  firstName: nameRule(FIELD_MESSAGES.firstName, person.firstName),
  lastName: nameRule(FIELD_MESSAGES.lastName, person.lastName),
  phoneNumber: rule(FIELD_MESSAGES.phoneNumber, required, (value) =>
    PHONE_PATTERN.test(normalisePhone(value)) ? undefined : 'pattern',
  ),
  addressLine1: trimmedRule(
    FIELD_MESSAGES.addressLine1,
    required,
    maxLength(person.addressLine1.maxLength),
    matches(ADDRESS_LINE_PATTERN),
  ),
  addressLine2: trimmedRule(
    FIELD_MESSAGES.addressLine2,
    maxLength(person.addressLine2.maxLength),
    matches(contractPattern(person.addressLine2.pattern)),
  ),
  town: trimmedRule(
    FIELD_MESSAGES.town,
    required,
    maxLength(person.town.maxLength),
    matches(FREE_TEXT_PATTERN),
  ),
  county: trimmedRule(
    FIELD_MESSAGES.county,
    maxLength(person.county.maxLength),
    matches(contractPattern(person.county.pattern)),
  ),
  postCode: trimmedRule(
    FIELD_MESSAGES.postCode,
    required,
    lengthBetween(person.postCode.minLength, person.postCode.maxLength),
  ),
  prizeAmountPence: rule(
    FIELD_MESSAGES.prizeAmountPence,
    required,
    minValue(PRIZE_MIN_PENCE),
    maxValue(PRIZE_MAX_PENCE),
  ),
  dbgTicketNumber: rule(FIELD_MESSAGES.dbgTicketNumber, required, matches(DBG_SERIAL_PATTERN)),
  dbgTermNumber: rule(
    FIELD_MESSAGES.dbgTermNumber,
    required,
    matches(contractPattern(ticket.dbgTermNumber.pattern)),
  ),
  dbgRetailerNumber: rule(
    FIELD_MESSAGES.dbgRetailerNumber,
    required,
    matches(contractPattern(ticket.dbgRetailerNumber.pattern)),
  ),
  scBarcodeNumber: rule(FIELD_MESSAGES.scBarcodeNumber, required, matches(SC_BARCODE_PATTERN)),
  scSerialNumber: rule(
    FIELD_MESSAGES.scSerialNumber,
    required,
    matches(contractPattern(ticket.scSerialNumber.pattern)),
  ),
  scVirn: rule(FIELD_MESSAGES.scVirn, required, matches(contractPattern(ticket.scVirn.pattern))),
} as const;

export function normalisePhone(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

function collect(entries: [string, string | undefined][]): Errors {
  const errors: Errors = {};
  for (const [field, message] of entries) if (message !== undefined) errors[field] = message;
  return errors;
}

const chosen = (value: unknown, message: string) =>
  value === undefined || value === null || value === '' ? message : undefined;

// The claimant chose an address from the lookup (not typed, not overseas): the lookup field
// stands for every address part.
export function usesAddressLookup(values: PersonalDetailsValues): boolean {
  return !values.isOverseas && !values.isManualAddress;
}

export function validatePersonalDetails(
  values: PersonalDetailsValues,
  today: Date = new Date(),
): Errors {
  const entries: [string, string | undefined][] = [
    ['isOwner', chosen(values.isOwner, FIELD_MESSAGES.isOwner)],
    ['title', chosen(values.title, FIELD_MESSAGES.title)],
    ['firstName', fieldRules.firstName(values.firstName)],
    ['lastName', fieldRules.lastName(values.lastName)],
    [
      'dateOfBirth',
      isValidDateOfBirth(values.dateOfBirth, today) ? undefined : FIELD_MESSAGES.dateOfBirth,
    ],
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
      entries.push([
        'addressLookup',
        values.addressLookup ? undefined : FIELD_MESSAGES.addressLookup,
      ]);
    }
  }
  return collect(entries);
}

export function validateIdDocuments(values: IdDocumentsValues): Errors {
  return collect([
    [
      'idDocument1FileUuid',
      values.idDocument1FileUuid ? undefined : FIELD_MESSAGES.idDocument1FileUuid,
    ],
    [
      'idDocument2FileUuid',
      values.idDocument2FileUuid ? undefined : FIELD_MESSAGES.idDocument2FileUuid,
    ],
  ]);
}

export function validateClaimDetails(values: ClaimDetailsValues): Errors {
  return collect([
    [
      'isTicketInPossession',
      values.isTicketInPossession === true ? undefined : FIELD_MESSAGES.isTicketInPossession,
    ],
    ['isTicketDamaged', chosen(values.isTicketDamaged, FIELD_MESSAGES.isTicketDamaged)],
    ['isLotteryRetailer', chosen(values.isLotteryRetailer, FIELD_MESSAGES.isLotteryRetailer)],
  ]);
}

export function validateAboutTicket(values: AboutTicketValues): Errors {
  const entries: [string, string | undefined][] = [
    ['productType', chosen(values.productType, FIELD_MESSAGES.productType)],
  ];
  if (values.productType === 'DBG') {
    entries.push(
      ['dbgGame', chosen(values.dbgGame, FIELD_MESSAGES.dbgGame)],
      ['dbgTicketType', chosen(values.dbgTicketType, FIELD_MESSAGES.dbgTicketType)],
    );
    // The numbers are asked once the colour is known; 'not sure' ends the claim here.
    if (values.dbgTicketType !== 'PINK' && values.dbgTicketType !== 'WHITE')
      return collect(entries);
    entries.push(['dbgTicketNumber', fieldRules.dbgTicketNumber(values.dbgTicketNumber)]);
    if (values.dbgTicketType === 'PINK')
      entries.push(['dbgTermNumber', fieldRules.dbgTermNumber(values.dbgTermNumber)]);
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
  return (
    ticket.productType === 'SC' || (ticket.productType === 'DBG' && ticket.dbgTicketType === 'PINK')
  );
}

export function validateTicketImages(
  values: TicketImagesValues,
  ticket: AboutTicketValues,
): Errors {
  const kind = ticketKind(ticket);
  return collect([
    [
      'ticketFrontFileUuid',
      values.ticketFrontFileUuid ? undefined : FIELD_MESSAGES.ticketFrontFileUuid(kind),
    ],
    [
      'ticketBackFileUuid',
      needsTicketBack(ticket) && !values.ticketBackFileUuid
        ? FIELD_MESSAGES.ticketBackFileUuid(kind)
        : undefined,
    ],
  ]);
}

export function validatePayment(_values: PaymentValues): Errors {
  return {};
}
