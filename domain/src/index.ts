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
