import {
  claimFileKinds,
  personalDetailsProblems as domainPersonalDetailsProblems,
  submissionProblems as domainSubmissionProblems,
  type Problem,
  type SubmissionFacts,
} from '@prize/domain';
import type { ValidationItem } from '../../http/errors.ts';
import type { BodyRules } from '../../http/rule-problems.ts';
import type { ClaimSubmission, PersonalDetails } from './claim.types.ts';

export type { SubmissionFacts };

/**
 * The rules of spec section 5 that the contract cannot say (conditional fields, age, postcode
 * shape) live in @prize/domain, shared with the client; here they become the contract's
 * validation items. The contract has already checked every field's own shape before these run.
 */
const items = (problems: Problem[]): ValidationItem[] =>
  problems.map(({ property, rule, message }) => ({
    property,
    constraints: { [rule]: message },
    children: [],
  }));

/** Partial: a body the schema refused is checked on the fields it accepted (`personalDetailsRules`). */
export function personalDetailsProblems(
  details: Partial<PersonalDetails>,
  today = new Date(),
): ValidationItem[] {
  return items(domainPersonalDetailsProblems(details, today));
}

/** The conditional rules of a whole claim (the ClaimSubmission description in the contract). */
export function submissionProblems(
  claim: Partial<ClaimSubmission> & Pick<ClaimSubmission, 'productType'>,
  facts: SubmissionFacts,
): ValidationItem[] {
  return items(domainSubmissionProblems(claim, facts));
}

/** The claim details kept for the operator: only the fields of the chosen product and ticket type. */
export function keptDetails(
  claim: ClaimSubmission,
  idDocsRequired: boolean,
): Record<string, unknown> {
  const files = Object.fromEntries(
    submittedFiles(claim, idDocsRequired).map((file) => [file.property, file.uuid]),
  );
  const common = {
    ...files,
    productType: claim.productType,
    prizeAmountPence: claim.prizeAmountPence,
    isTicketInPossession: claim.isTicketInPossession,
    isTicketDamaged: claim.isTicketDamaged,
    isLotteryRetailer: claim.isLotteryRetailer,
    isChequePreferred: claim.isChequePreferred,
  };
  if (claim.productType === 'SC') {
    return {
      ...common,
      scBarcodeNumber: claim.scBarcodeNumber,
      scSerialNumber: claim.scSerialNumber,
      scVirn: claim.scVirn,
    };
  }
  return {
    ...common,
    dbgGame: claim.dbgGame,
    dbgTicketType: claim.dbgTicketType,
    dbgTicketNumber: claim.dbgTicketNumber,
    ...(claim.dbgTicketType === 'PINK'
      ? { dbgTermNumber: claim.dbgTermNumber }
      : { dbgRetailerNumber: claim.dbgRetailerNumber }),
  };
}

/** The file uuids of a submission with the upload type each must have. */
export function submittedFiles(
  claim: ClaimSubmission,
  idDocsRequired: boolean,
): Array<{ property: keyof ClaimSubmission; uuid: string; type: string }> {
  return claimFileKinds(claim, idDocsRequired).flatMap(([property, type]) =>
    typeof claim[property] === 'string'
      ? [{ property, uuid: claim[property] as string, type }]
      : [],
  );
}

/** Section 5's rules on a personal-details body the schema refused (http/rule-problems.ts). */
export const personalDetailsRules: BodyRules = (body) =>
  personalDetailsProblems(body as Partial<PersonalDetails>);

/**
 * The conditional requireds of a submission the schema refused, by its product and ticket type.
 * The rules that need our records (the identity check's verdict, files, used serials) run once
 * the body passes the schema.
 */
export const submissionRules: BodyRules = (body) => {
  const claim = body as Partial<ClaimSubmission>;
  return claim.productType
    ? submissionProblems(
        { ...claim, productType: claim.productType },
        { idDocsRequired: false, dbgTicketNumberValid: undefined },
      )
    : [];
};
