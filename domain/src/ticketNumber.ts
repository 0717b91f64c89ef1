// Ticket numbers (spec section 5, 'About your ticket'): digit groups joined by hyphens. The
// draw-game serial's rule beyond its contract pattern: a number starting with 53 must use the
// long format (groups 2-4-4-4-2-1-4-4-3), any other the standard one (4-9-6).
import { ClaimSubmissionRules, contractPattern } from '@prize/generated/rules';

export type Groups = readonly number[];

export const DBG_SERIAL_GROUPS: Groups = [4, 9, 6];
export const DBG_SERIAL_53_GROUPS: Groups = [2, 4, 4, 4, 2, 1, 4, 4, 3];
export const SC_BARCODE_GROUPS: Groups = [4, 7, 3];

const SERIAL = contractPattern(ClaimSubmissionRules.dbgTicketNumber.pattern);

/** The groups a draw-game serial is typed in: the long ones when its digits start with 53. */
export function dbgSerialGroups(text: string): Groups {
  return text.replace(/\D/g, '').startsWith('53') ? DBG_SERIAL_53_GROUPS : DBG_SERIAL_GROUPS;
}

export function isDbgTicketNumberFormat(value: string): boolean {
  return SERIAL.test(value) && value.startsWith('53') === value.startsWith('53-');
}
