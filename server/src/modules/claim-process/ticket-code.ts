import { randomInt } from 'node:crypto';
import { CROCKFORD_ALPHABET, TICKET_CODE_LENGTH, TICKET_CODE_PREFIX } from '@prize/domain';

// The format and its normalisation are the shared domain's (the staff page reads codes the same way).
export { TICKET_CODE, TICKET_CODE_PREFIX, normaliseTicketCode } from '@prize/domain';

/** A new ticket code: `PC-` and 50 random bits as 10 Crockford characters (docs/adr/020). */
export function newTicketCode(): string {
  let code = TICKET_CODE_PREFIX;
  for (let i = 0; i < TICKET_CODE_LENGTH; i++)
    code += CROCKFORD_ALPHABET[randomInt(CROCKFORD_ALPHABET.length)];
  return code;
}
