// Every user-facing text of the spec's validation rules (section 5) and error catalogue
// (section 8) that the client shows. Field texts and upload texts come from the contract
// (`x-error-message`, root `x-messages`) through generated/rules; screen texts are written once here.

import { ClaimSubmissionRules, PersonalDetailsRules, StartClaimRequestRules, messages } from '@prize/generated/rules';

export const GENERIC_MESSAGES = {
  required: messages.valueRequired,
  email: 'Value is not a valid email address',
  maxLength: (max: number) => `The maximum length allowed is ${max}`,
  minValue: (min: number) => `The minimum value allowed is ${min}`,
  maxValue: (max: number) => `The maximum value allowed is ${max}`,
  anyOf: 'The value does not match any of the provided validators',
  allOf: 'The value does not match all of the provided validators',
} as const;

export type TicketKind = 'draw game ticket' | 'Scratchcard';

const person = PersonalDetailsRules;
const claim = ClaimSubmissionRules;

// The contract's `x-error-message` of each field (generated/rules from openapi/).
export const FIELD_MESSAGES = {
  email: StartClaimRequestRules.email.message,
  isOwner: person.isOwner.message,
  title: person.title.message,
  firstName: person.firstName.message,
  lastName: person.lastName.message,
  dateOfBirth: person.dateOfBirth.message,
  phoneNumber: person.phoneNumber.message,
  addressLine1: person.addressLine1.message,
  addressLine2: person.addressLine2.message,
  town: person.town.message,
  county: person.county.message,
  postCode: person.postCode.message,
  addressLookup: messages.addressLookup,
  idDocument1FileUuid: claim.idDocument1FileUuid.message,
  idDocument2FileUuid: claim.idDocument2FileUuid.message,
  isTicketInPossession: claim.isTicketInPossession.message,
  isTicketDamaged: claim.isTicketDamaged.message,
  isLotteryRetailer: claim.isLotteryRetailer.message,
  productType: claim.productType.message,
  prizeAmountPence: claim.prizeAmountPence.message,
  dbgGame: claim.dbgGame.message,
  dbgTicketType: claim.dbgTicketType.message,
  dbgTicketNumber: claim.dbgTicketNumber.message,
  dbgTermNumber: claim.dbgTermNumber.message,
  dbgRetailerNumber: claim.dbgRetailerNumber.message,
  scBarcodeNumber: claim.scBarcodeNumber.message,
  scSerialNumber: claim.scSerialNumber.message,
  scVirn: claim.scVirn.message,
  ticketFrontFileUuid: (kind: TicketKind) =>
    kind === 'Scratchcard' ? claim.ticketFrontFileUuid.messageSc : claim.ticketFrontFileUuid.message,
  ticketBackFileUuid: (kind: TicketKind) =>
    kind === 'Scratchcard' ? claim.ticketBackFileUuid.messageSc : claim.ticketBackFileUuid.message,
} as const;

// The tail of the not-in-possession message is shown as a link to the lost-ticket form.
export const LOST_TICKET_LINK_TEXT = 'Lost your ticket?';

export const FORM_MESSAGES = {
  submissionFailed: 'There were validation errors, please correct them and resubmit',
  bannerTitle: (count: number) => `We couldn't process ${count} of your entries.`,
  bannerBody: 'Check the fields highlighted below.',
} as const;

export const UPLOAD_MESSAGES = {
  tooLarge: messages.fileTooLarge,
  sizeMisconfigured: messages.maxFileSizeMisconfigured,
  failed: messages.uploadFailed,
  uploading: 'Uploading...',
  formats: 'PNG, JPG, JPEG, HEIC',
} as const;

export const ADDRESS_MESSAGES = {
  noneFound: 'No address found',
  lookUpAnother: 'Look up another address',
  findEmpty: 'Address lookup cannot be empty',
  findTimedOut: 'Address lookup took too long to respond, Please check your search query and try again',
  findInvalid: 'Invalid address lookup',
  retrieveInvalid: 'Invalid address',
} as const;

export const SCREEN_MESSAGES = {
  startFailed: 'Failed to start claim.',
  loadFailed: 'Failed to load claim.',
  alreadySubmitted: 'This claim has already been submitted.',
  submitted: 'Your claim has been submitted successfully.',
  cleared: (minutes: number, form = 'claim form') =>
    `Your ${form} was cleared as it was left unfinished for ${minutes} minutes`,
  loadRequestFailed: 'Failed to load request.',
  detailsSubmitted: 'Your details have been submitted successfully.',
} as const;
