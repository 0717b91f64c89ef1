// @prize/domain: every rule of the claimant's forms the contract cannot state, with the contract's
// messages, for the page, the server and the SDK alike (docs/adr/017).
export {
  CLAIM_TIME_ZONE,
  MAXIMUM_AGE,
  MINIMUM_AGE,
  ageOn,
  birthYears,
  isAllowedAge,
  isCalendarDate,
  ukDay,
  ukYear,
  type CalendarDay,
} from './age.ts';
export {
  ADDRESS_FIELDS,
  ADDRESS_PARTS,
  REQUIRED_ADDRESS_PARTS,
  dpsCodeFromBarcode,
  isUkPostcode,
  type AddressPart,
} from './address.ts';
export {
  prizeAmountMessage,
  submissionProblems,
  ticketFieldMessage,
  ticketFields,
  type ClaimSubmission,
  type SubmissionFacts,
  type TicketField,
} from './claim.ts';
export { breaksContractRule, isBlank, type ContractFieldRule } from './fieldRule.ts';
export {
  IMAGE_SECTIONS,
  askableSections,
  claimFileKinds,
  imageSectionsOf,
  infoRequestFileKinds,
  isImageSection,
  needsTicketBack,
  ticketImageMessage,
  ticketOfImageSection,
  type DbgTicketType,
  type FileProperty,
  type ImageSection,
  type ProductType,
  type SectionType,
  type TicketChoice,
  type UploadType,
} from './files.ts';
export {
  normalisePhone,
  personalDetailsFieldMessage,
  personalDetailsProblems,
  type PersonalDetails,
} from './personalDetails.ts';
export type { Problem } from './problem.ts';
export { RULE_CASES, VALID_PERSONAL_DETAILS, type RuleCase } from './ruleCases.ts';
export {
  CROCKFORD_ALPHABET,
  TICKET_CODE,
  TICKET_CODE_LENGTH,
  TICKET_CODE_PREFIX,
  normaliseTicketCode,
} from './ticketCode.ts';
export {
  DBG_SERIAL_53_GROUPS,
  DBG_SERIAL_GROUPS,
  SC_BARCODE_GROUPS,
  dbgSerialGroups,
  isDbgTicketNumberFormat,
  type Groups,
} from './ticketNumber.ts';
export { displayFileName } from './fileName.ts';
export { fillMessage } from './messages.ts';
export { STEP_LABELS, type ClaimStep } from './claimSteps.ts';
export {
  TICKET_SIGNING,
  productWording,
  signingInstruction,
  ticketKind,
  type TicketKind,
} from './ticketSigning.ts';
export {
  claimantNextSteps,
  paymentMethodOf,
  type ClaimantStep,
  type PaymentMethod,
} from './nextSteps.ts';
export { FILE_LABELS, SECTION_LABELS, timelineDetailText, timelineText } from './timeline.ts';
export { parseByteSize } from './byteSize.ts';
