import { isValid as isValidPostcode } from 'postcode';
import type { ValidationItem } from '../../http/errors.ts';
import type { BodyRules } from '../../http/rule-problems.ts';
import type { ClaimSubmission, PersonalDetails } from './claim.types.ts';

/**
 * The rules of spec section 5 that the contract cannot say (conditional fields, age, postcode
 * shape). The contract has already checked every field's own shape before these run.
 */
const item = (property: string, rule: string, message: string): ValidationItem => ({ property, constraints: { [rule]: message }, children: [] });

const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'town', 'county', 'postCode', 'addressId', 'dpsCode'] as const;

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** Whole years between a yyyy-mm-dd birth date and today (UTC). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const monthDiff = today.getUTCMonth() + 1 - month;
  if (monthDiff < 0 || (monthDiff === 0 && today.getUTCDate() < day)) age -= 1;
  return age;
}

/** UK and Isle of Man postcodes (IM is part of the UK postcode system). */
export function isUkPostcode(value: string): boolean {
  return isValidPostcode(value.trim());
}

/** Partial: a body the schema refused is checked on the fields it accepted (`personalDetailsRules`). */
export function personalDetailsProblems(details: Partial<PersonalDetails>, today = new Date()): ValidationItem[] {
  const problems: ValidationItem[] = [];
  const age = details.dateOfBirth === undefined ? 18 : ageOn(details.dateOfBirth, today);
  if (age < 18 || age > 150) problems.push(item('dateOfBirth', 'minimumAge', 'Please enter a valid date of birth'));
  if (isBlank(details.firstName)) problems.push(item('firstName', 'required', 'Please enter a valid first name'));
  if (isBlank(details.lastName)) problems.push(item('lastName', 'required', 'Please enter a valid last name'));
  if (details.isOverseas) {
    for (const field of ADDRESS_FIELDS) {
      if (!isBlank(details[field])) problems.push(item(field, 'overseas', `${field} must be omitted when living overseas`));
    }
    return problems;
  }
  if (isBlank(details.addressLine1)) problems.push(item('addressLine1', 'required', 'Please enter a valid first line of your address'));
  if (isBlank(details.town)) problems.push(item('town', 'required', 'Please enter a valid town'));
  if (isBlank(details.postCode) || !isUkPostcode(details.postCode!)) {
    problems.push(item('postCode', 'postcode', 'Please enter a valid postcode'));
  }
  return problems;
}

export interface SubmissionFacts {
  /** idDocsRequired of the identity check the submission names, from our own records. */
  idDocsRequired: boolean;
  /** Whether dbgTicketNumber passes the ticket check (format and not used). */
  dbgTicketNumberValid: boolean | undefined;
}

const FRONT_MESSAGE = { DBG: 'You must upload an image of the front of your draw game ticket before you can proceed.', SC: 'You must upload an image of the front of your Scratchcard before you can proceed.' };
const BACK_MESSAGE = { DBG: 'You must upload an image of the back of your draw game ticket before you can proceed.', SC: 'You must upload an image of the back of your Scratchcard before you can proceed.' };

/** The conditional rules of a whole claim (the ClaimSubmission description in the contract). */
export function submissionProblems(claim: Partial<ClaimSubmission> & Pick<ClaimSubmission, 'productType'>, facts: SubmissionFacts): ValidationItem[] {
  const problems: ValidationItem[] = [];
  const require = (property: keyof ClaimSubmission, message: string): void => {
    const value = claim[property];
    if (value === undefined || value === null || value === '') problems.push(item(property, 'required', message));
  };
  if (facts.idDocsRequired) {
    require('idDocument1FileUuid', 'You must upload an image of your first ID document before you can proceed.');
    require('idDocument2FileUuid', 'You must upload an image of your second ID document before you can proceed.');
  }
  if (claim.productType === 'DBG') {
    require('dbgGame', 'Please select a draw based game');
    require('dbgTicketType', 'Please select a ticket type');
    require('dbgTicketNumber', 'Please enter a valid serial number');
    if (claim.dbgTicketNumber && facts.dbgTicketNumberValid === false) {
      problems.push(item('dbgTicketNumber', 'dbgTicketNumberCheck', 'Please enter a valid serial number'));
    }
    if (claim.dbgTicketType === 'PINK') {
      require('dbgTermNumber', 'Please enter a valid term number');
      require('ticketBackFileUuid', BACK_MESSAGE.DBG);
    }
    if (claim.dbgTicketType === 'WHITE') require('dbgRetailerNumber', 'Please enter a valid retailer number');
  } else {
    require('scBarcodeNumber', 'Please enter a valid barcode number');
    require('scSerialNumber', 'Please enter a valid serial number');
    require('scVirn', 'Please enter a valid VIRN number');
    require('ticketBackFileUuid', BACK_MESSAGE.SC);
  }
  require('ticketFrontFileUuid', FRONT_MESSAGE[claim.productType]);
  return problems;
}

/** The claim details kept for the operator: only the fields of the chosen product and ticket type. */
export function keptDetails(claim: ClaimSubmission, idDocsRequired: boolean): Record<string, unknown> {
  const files = Object.fromEntries(submittedFiles(claim, idDocsRequired).map((file) => [file.property, file.uuid]));
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
    return { ...common, scBarcodeNumber: claim.scBarcodeNumber, scSerialNumber: claim.scSerialNumber, scVirn: claim.scVirn };
  }
  return {
    ...common,
    dbgGame: claim.dbgGame,
    dbgTicketType: claim.dbgTicketType,
    dbgTicketNumber: claim.dbgTicketNumber,
    ...(claim.dbgTicketType === 'PINK' ? { dbgTermNumber: claim.dbgTermNumber } : { dbgRetailerNumber: claim.dbgRetailerNumber }),
  };
}

/** The file uuids of a submission with the upload type each must have. */
export function submittedFiles(claim: ClaimSubmission, idDocsRequired: boolean): Array<{ property: keyof ClaimSubmission; uuid: string; type: string }> {
  const wanted: Array<[keyof ClaimSubmission, string]> = [['ticketFrontFileUuid', 'ticketFront']];
  const needsBack = claim.productType === 'SC' || claim.dbgTicketType === 'PINK';
  if (needsBack) wanted.push(['ticketBackFileUuid', 'ticketBack']);
  if (idDocsRequired) wanted.push(['idDocument1FileUuid', 'idDocument1'], ['idDocument2FileUuid', 'idDocument2']);
  return wanted.flatMap(([property, type]) => (typeof claim[property] === 'string' ? [{ property, uuid: claim[property] as string, type }] : []));
}

/** Section 5's rules on a personal-details body the schema refused (http/rule-problems.ts). */
export const personalDetailsRules: BodyRules = (body) => personalDetailsProblems(body as Partial<PersonalDetails>);

/**
 * The conditional requireds of a submission the schema refused, by its product and ticket type.
 * The rules that need our records (the identity check's verdict, files, used serials) run once
 * the body passes the schema.
 */
export const submissionRules: BodyRules = (body) => {
  const claim = body as Partial<ClaimSubmission>;
  return claim.productType ? submissionProblems({ ...claim, productType: claim.productType }, { idDocsRequired: false, dbgTicketNumberValid: undefined }) : [];
};
