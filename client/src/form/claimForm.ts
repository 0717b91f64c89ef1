// The claim form's values per section and the section rules of spec section 5. Each validate
// function returns the first message per field; the form shows them.
import type { DbgGame, PersonalDetails, ProductType, Title } from '@prize/generated/client';
import {
  ADDRESS_PARTS,
  isBlank,
  needsTicketBack,
  normalisePhone,
  personalDetailsProblems,
  prizeAmountMessage,
  ticketFieldMessage,
  ticketFields,
} from '@prize/domain';
import type { Address } from '../domain/address';
import { FIELD_MESSAGES, type TicketKind } from '../domain/messages';

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

// Every field rule is the shared domain's (@prize/domain: the contract's limits and patterns from
// generated/rules, trimmed values, the UK postcode and age rules), so the page refuses exactly
// what the server refuses. The form adds only what is about its own controls: a choice not made,
// the address lookup left empty.
export { needsTicketBack, normalisePhone };

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

// The details as the domain reads them: the address parts typed in, or those of the address
// chosen with the lookup, and none when living overseas.
function detailsToCheck(values: PersonalDetailsValues): Partial<PersonalDetails> {
  const address = values.isOverseas
    ? {}
    : values.isManualAddress
      ? values
      : (values.addressLookup ?? {});
  const details: Record<string, unknown> = {
    isOwner: values.isOwner,
    title: values.title,
    firstName: values.firstName,
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth,
    phoneNumber: values.phoneNumber,
    isOverseas: values.isOverseas === true,
  };
  for (const part of ADDRESS_PARTS) details[part] = (address as Record<string, unknown>)[part];
  return details as Partial<PersonalDetails>;
}

export function validatePersonalDetails(
  values: PersonalDetailsValues,
  today: Date = new Date(),
): Errors {
  const errors: Errors = {};
  const lookup = usesAddressLookup(values);
  for (const problem of personalDetailsProblems(detailsToCheck(values), today)) {
    const isAddress = (ADDRESS_PARTS as readonly string[]).includes(problem.property);
    // A looked-up address the rules refuse is asked for again through the lookup field.
    const field = lookup && isAddress ? 'addressLookup' : problem.property;
    const message = lookup && isAddress ? FIELD_MESSAGES.addressLookup : problem.message;
    errors[field] ??= message;
  }
  // The two choices show the form's texts for a choice not made.
  if (errors.isOwner !== undefined) errors.isOwner = FIELD_MESSAGES.isOwner;
  if (lookup && !values.addressLookup) errors.addressLookup = FIELD_MESSAGES.addressLookup;
  return errors;
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
  // The fields the product and ticket type ask for (the domain's rule, as the server's); the
  // numbers are asked once a draw ticket's colour is known, and 'not sure' ends the claim there.
  for (const field of ticketFields(values)) {
    const value = values[field];
    // The game and the colour are choices among the form's own options ('not sure' included).
    const isChoice = field === 'dbgGame' || field === 'dbgTicketType';
    entries.push([
      field,
      isBlank(value)
        ? FIELD_MESSAGES[field]
        : isChoice
          ? undefined
          : ticketFieldMessage(field, value),
    ]);
  }
  const typeKnown =
    values.productType === 'SC' ||
    (values.productType === 'DBG' &&
      (values.dbgTicketType === 'PINK' || values.dbgTicketType === 'WHITE'));
  if (typeKnown)
    entries.push(['prizeAmountPence', prizeAmountMessage(values.prizeAmountPence ?? undefined)]);
  return collect(entries);
}

export function ticketKind(ticket: AboutTicketValues): TicketKind {
  return ticket.productType === 'SC' ? 'Scratchcard' : 'draw game ticket';
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
