// The rules of a claim that the contract cannot state (spec section 5: conditional requireds,
// the age, the postcode, the files each product needs), with the contract's messages.
import { isValid as isValidPostcode } from 'postcode';
import { ClaimSubmissionRules, PersonalDetailsRules } from '@prize/generated/rules';
import type { components } from '@prize/generated/server';
import { isAllowedAge } from './age.ts';

export type PersonalDetails = components['schemas']['PersonalDetails'];
export type ClaimSubmission = components['schemas']['ClaimSubmission'];
export type ProductType = ClaimSubmission['productType'];

/** One broken rule: the field, the rule's name, and the message the claimant sees. */
export interface Problem {
  property: string;
  rule: string;
  message: string;
}

const ADDRESS_FIELDS = [
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postCode',
  'addressId',
  'dpsCode',
] as const;

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** UK and Isle of Man postcodes (IM is part of the UK postcode system). */
export function isUkPostcode(value: string): boolean {
  return isValidPostcode(value.trim());
}

/** The messages of a ticket's images: the contract's draw game text, or its Scratchcard text. */
export function ticketImageMessage(
  field: 'ticketFrontFileUuid' | 'ticketBackFileUuid',
  product: ProductType,
): string {
  const rule = ClaimSubmissionRules[field];
  return product === 'SC' ? rule.messageSc : rule.message;
}

/** Partial: a body the schema refused is checked on the fields it accepted. */
export function personalDetailsProblems(
  details: Partial<PersonalDetails>,
  today = new Date(),
): Problem[] {
  const problems: Problem[] = [];
  const problem = (
    property: keyof typeof PersonalDetailsRules & keyof PersonalDetails,
    rule: string,
  ) =>
    problems.push({
      property,
      rule,
      message: (PersonalDetailsRules[property] as { message: string }).message,
    });
  if (details.dateOfBirth !== undefined && !isAllowedAge(details.dateOfBirth, today))
    problem('dateOfBirth', 'minimumAge');
  if (isBlank(details.firstName)) problem('firstName', 'required');
  if (isBlank(details.lastName)) problem('lastName', 'required');
  if (details.isOverseas) {
    for (const field of ADDRESS_FIELDS) {
      if (!isBlank(details[field]))
        problems.push({
          property: field,
          rule: 'overseas',
          message: `${field} must be omitted when living overseas`,
        });
    }
    return problems;
  }
  if (isBlank(details.addressLine1)) problem('addressLine1', 'required');
  if (isBlank(details.town)) problem('town', 'required');
  if (isBlank(details.postCode) || !isUkPostcode(details.postCode!))
    problem('postCode', 'postcode');
  return problems;
}

export interface SubmissionFacts {
  /** idDocsRequired of the identity check the submission names. */
  idDocsRequired: boolean;
  /** Whether dbgTicketNumber passes the ticket check (format and not used); undefined when unknown. */
  dbgTicketNumberValid: boolean | undefined;
}

/** The conditional rules of a whole claim (the ClaimSubmission description in the contract). */
export function submissionProblems(
  claim: Partial<ClaimSubmission> & Pick<ClaimSubmission, 'productType'>,
  facts: SubmissionFacts,
): Problem[] {
  const problems: Problem[] = [];
  const require = (
    property: keyof ClaimSubmission & keyof typeof ClaimSubmissionRules,
    message = (ClaimSubmissionRules[property] as { message: string }).message,
  ): void => {
    if (isBlank(claim[property])) problems.push({ property, rule: 'required', message });
  };
  if (facts.idDocsRequired) {
    require('idDocument1FileUuid');
    require('idDocument2FileUuid');
  }
  if (claim.productType === 'DBG') {
    require('dbgGame');
    require('dbgTicketType');
    require('dbgTicketNumber');
    if (claim.dbgTicketNumber && facts.dbgTicketNumberValid === false) {
      problems.push({
        property: 'dbgTicketNumber',
        rule: 'dbgTicketNumberCheck',
        message: ClaimSubmissionRules.dbgTicketNumber.message,
      });
    }
    if (claim.dbgTicketType === 'PINK') {
      require('dbgTermNumber');
      require('ticketBackFileUuid', ticketImageMessage('ticketBackFileUuid', 'DBG'));
    }
    if (claim.dbgTicketType === 'WHITE') require('dbgRetailerNumber');
  } else {
    require('scBarcodeNumber');
    require('scSerialNumber');
    require('scVirn');
    require('ticketBackFileUuid', ticketImageMessage('ticketBackFileUuid', 'SC'));
  }
  require('ticketFrontFileUuid', ticketImageMessage('ticketFrontFileUuid', claim.productType));
  return problems;
}

/** The file kinds a claim must carry, by product and ticket type: [property, upload type]. */
export function claimFileKinds(
  claim: Pick<ClaimSubmission, 'productType' | 'dbgTicketType'>,
  idDocsRequired: boolean,
): Array<[keyof ClaimSubmission, string]> {
  const wanted: Array<[keyof ClaimSubmission, string]> = [['ticketFrontFileUuid', 'ticketFront']];
  if (claim.productType === 'SC' || claim.dbgTicketType === 'PINK')
    wanted.push(['ticketBackFileUuid', 'ticketBack']);
  if (idDocsRequired)
    wanted.push(['idDocument1FileUuid', 'idDocument1'], ['idDocument2FileUuid', 'idDocument2']);
  return wanted;
}
