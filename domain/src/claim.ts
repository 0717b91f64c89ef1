// The rules of a claim's ticket that the contract cannot state (spec section 5: which fields each
// product and ticket type asks for, the draw-game serial's long format), with the contract's
// messages. The page runs them section by section, the server on the whole submission.
import { ClaimSubmissionRules } from '@prize/generated/rules';
import type { components } from '@prize/generated/server';
import { breaksContractRule, isBlank } from './fieldRule.ts';
import { claimFileKinds, ticketImageMessage, type TicketChoice } from './files.ts';
import type { Problem } from './problem.ts';
import { isDbgTicketNumberFormat } from './ticketNumber.ts';

export type ClaimSubmission = components['schemas']['ClaimSubmission'];

/** The ticket's fields of ClaimSubmission (section 'About your ticket'). */
export type TicketField =
  | 'dbgGame'
  | 'dbgTicketType'
  | 'dbgTicketNumber'
  | 'dbgTermNumber'
  | 'dbgRetailerNumber'
  | 'scBarcodeNumber'
  | 'scSerialNumber'
  | 'scVirn';

/**
 * The ticket fields a claim must carry, by product and ticket type, in the form's order. Until the
 * colour of a draw ticket is known (or when the claimant is not sure, which ends the claim) only
 * the game and the colour are asked for.
 */
export function ticketFields(ticket: TicketChoice): TicketField[] {
  if (ticket.productType === 'SC') return ['scBarcodeNumber', 'scSerialNumber', 'scVirn'];
  if (ticket.productType !== 'DBG') return [];
  if (ticket.dbgTicketType === 'PINK')
    return ['dbgGame', 'dbgTicketType', 'dbgTicketNumber', 'dbgTermNumber'];
  if (ticket.dbgTicketType === 'WHITE')
    return ['dbgGame', 'dbgTicketType', 'dbgTicketNumber', 'dbgRetailerNumber'];
  return ['dbgGame', 'dbgTicketType'];
}

/** A ticket field's message when its (present) value breaks its rule, else undefined. */
export function ticketFieldMessage(field: TicketField, value: unknown): string | undefined {
  const rule = ClaimSubmissionRules[field];
  const broken =
    breaksContractRule(rule, value) ||
    (field === 'dbgTicketNumber' && !isDbgTicketNumberFormat(String(value).trim()));
  return broken ? rule.message : undefined;
}

/** The prize amount's message when it is missing or outside the contract's range. */
export function prizeAmountMessage(value: unknown): string | undefined {
  const rule = ClaimSubmissionRules.prizeAmountPence;
  return typeof value !== 'number' || breaksContractRule(rule, value) ? rule.message : undefined;
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
  const required = (property: keyof ClaimSubmission, message: string): void => {
    if (isBlank(claim[property])) problems.push({ property, rule: 'required', message });
  };
  for (const field of ticketFields(claim)) required(field, ClaimSubmissionRules[field].message);
  if (claim.productType === 'DBG' && claim.dbgTicketNumber) {
    const broken =
      facts.dbgTicketNumberValid === false || !isDbgTicketNumberFormat(claim.dbgTicketNumber);
    if (broken)
      problems.push({
        property: 'dbgTicketNumber',
        rule: 'dbgTicketNumberCheck',
        message: ClaimSubmissionRules.dbgTicketNumber.message,
      });
  }
  for (const [property] of claimFileKinds(claim, facts.idDocsRequired)) {
    const message = property.startsWith('ticket')
      ? ticketImageMessage(property as 'ticketFrontFileUuid', claim.productType)
      : ClaimSubmissionRules[property].message;
    required(property, message);
  }
  return problems;
}
