export { MAXIMUM_AGE, MINIMUM_AGE, ageOn, isAllowedAge } from './age.ts';
export { isDbgTicketNumberFormat } from './ticketNumber.ts';
export {
  claimFileKinds,
  isUkPostcode,
  personalDetailsProblems,
  submissionProblems,
  ticketImageMessage,
  type ClaimSubmission,
  type PersonalDetails,
  type Problem,
  type ProductType,
  type SubmissionFacts,
} from './claim.ts';
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
