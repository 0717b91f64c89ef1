// Every user-facing text of the spec's validation rules (section 5) and error catalogue
// (section 8) that the client shows. Field texts and upload texts come from the contract
// (`x-error-message`, root `x-messages`) through generated/rules; screen texts are written once here.

import { fillMessage } from '@prize/domain';
import {
  ClaimSubmissionRules,
  PersonalDetailsRules,
  StartClaimRequestRules,
  messages,
} from '@prize/generated/rules';

export const GENERIC_MESSAGES = {
  required: messages.valueRequired,
  email: messages.valueNotEmail,
  maxLength: (max: number) => fillMessage(messages.maxLength, { max }),
  minValue: (min: number) => fillMessage(messages.minValue, { min }),
  maxValue: (max: number) => fillMessage(messages.maxValue, { max }),
  anyOf: messages.anyOf,
  allOf: messages.allOf,
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
    kind === 'Scratchcard'
      ? claim.ticketFrontFileUuid.messageSc
      : claim.ticketFrontFileUuid.message,
  ticketBackFileUuid: (kind: TicketKind) =>
    kind === 'Scratchcard' ? claim.ticketBackFileUuid.messageSc : claim.ticketBackFileUuid.message,
} as const;

// The tail of the not-in-possession message is shown as a link to the lost-ticket form.
export const LOST_TICKET_LINK_TEXT = messages.lostTicketLink;

export const FORM_MESSAGES = {
  submissionFailed: messages.submissionFailed,
  bannerTitle: (count: number) => fillMessage(messages.bannerTitle, { count }),
  bannerBody: messages.bannerBody,
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
  findEmpty: messages.addressFindEmpty,
  findTimedOut: messages.addressFindTimedOut,
  findInvalid: messages.addressFindInvalid,
  retrieveInvalid: messages.addressRetrieveInvalid,
} as const;

export const SCREEN_MESSAGES = {
  startFailed: messages.startFailed,
  loadFailed: messages.claimLoadFailed,
  alreadySubmitted: messages.claimAlreadySubmitted,
  submitted: 'Your claim has been submitted successfully.',
  cleared: (minutes: number, form = 'claim form') =>
    `Your ${form} was cleared as it was left unfinished for ${minutes} minutes`,
  loadRequestFailed: messages.infoRequestLoadFailed,
  detailsSubmitted: 'Your details have been submitted successfully.',
} as const;
