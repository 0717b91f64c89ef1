// The draw-game serial's rule beyond its contract pattern: a number starting with 53 must use
// the long format (groups 2-4-4-4-2-1-4-4-3), any other the standard one (4-9-6).
import { ClaimSubmissionRules, contractPattern } from '@prize/generated/rules';

const SERIAL = contractPattern(ClaimSubmissionRules.dbgTicketNumber.pattern);

export function isDbgTicketNumberFormat(value: string): boolean {
  return SERIAL.test(value) && value.startsWith('53') === value.startsWith('53-');
}
