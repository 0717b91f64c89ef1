// Every user-facing text of the spec's validation rules (section 5) and error catalogue
// (section 8) that the client shows, written once. Field texts match the contract's
// `x-error-message` values (messages.test.ts compares them).

export const GENERIC_MESSAGES = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  maxLength: (max: number) => `The maximum length allowed is ${max}`,
  minValue: (min: number) => `The minimum value allowed is ${min}`,
  maxValue: (max: number) => `The maximum value allowed is ${max}`,
  anyOf: 'The value does not match any of the provided validators',
  allOf: 'The value does not match all of the provided validators',
} as const;

export type TicketKind = 'draw game ticket' | 'Scratchcard';

export const FIELD_MESSAGES = {
  email: 'Please enter a valid email address',
  isOwner: 'Please select one',
  title: 'Please select a title',
  firstName: 'Please enter a valid first name',
  lastName: 'Please enter a valid last name',
  dateOfBirth: 'Please enter a valid date of birth',
  phoneNumber: 'Please enter a valid phone number',
  addressLine1: 'Please enter a valid first line of your address',
  addressLine2: 'Please enter a valid second line of your address',
  town: 'Please enter a valid town',
  county: 'Please enter a valid county',
  postCode: 'Please enter a valid postcode',
  addressLookup: 'Please enter a valid address',
  idDocument1FileUuid: 'You must upload an image of your first ID document before you can proceed.',
  idDocument2FileUuid: 'You must upload an image of your second ID document before you can proceed.',
  isTicketInPossession:
    'As you do not have the ticket in your possession, we will not be able to proceed with your claim. Lost your ticket?',
  isTicketDamaged: 'Please select one',
  isLotteryRetailer: 'Please select one',
  productType: 'Please select a product',
  prizeAmountPence: 'Please enter a prize amount between £500.01 and £50,000',
  dbgGame: 'Please select a draw based game',
  dbgTicketType: 'Please select a ticket type',
  dbgTicketNumber: 'Please enter a valid serial number',
  dbgTermNumber: 'Please enter a valid term number',
  dbgRetailerNumber: 'Please enter a valid retailer number',
  scBarcodeNumber: 'Please enter a valid barcode number',
  scSerialNumber: 'Please enter a valid serial number',
  scVirn: 'Please enter a valid VIRN number',
  ticketFrontFileUuid: (kind: TicketKind) =>
    `You must upload an image of the front of your ${kind} before you can proceed.`,
  ticketBackFileUuid: (kind: TicketKind) =>
    `You must upload an image of the back of your ${kind} before you can proceed.`,
} as const;

// The tail of the not-in-possession message is shown as a link to the lost-ticket form.
export const LOST_TICKET_LINK_TEXT = 'Lost your ticket?';

export const FORM_MESSAGES = {
  submissionFailed: 'There were validation errors, please correct them and resubmit',
  bannerTitle: (count: number) => `We couldn't process ${count} of your entries.`,
  bannerBody: 'Check the fields highlighted below.',
} as const;

export const UPLOAD_MESSAGES = {
  tooLarge: 'File is too large',
  sizeMisconfigured: 'Max file size misconfigured',
  failed: 'Failed to upload file',
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
