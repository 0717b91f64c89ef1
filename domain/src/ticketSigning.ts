// Where a ticket is signed (spec section 5, "About your ticket"): one rule read by the claim form's
// signing question and by the e-mail that asks for the ticket, so the two never disagree.
import type { components } from '@prize/generated/server';

type ProductType = components['schemas']['ClaimSubmission']['productType'];
type DbgTicketType = components['schemas']['DbgTicketType'];

/** The three kinds of ticket a claim can have: a pink or white draw ticket, or a Scratchcard. */
export type TicketKind = 'PINK' | 'WHITE' | 'SC';

/** A claim's ticket kind; a draw ticket whose type is not known yet counts as pink (the default). */
export function ticketKind(
  productType: ProductType,
  dbgTicketType?: DbgTicketType | null,
): TicketKind {
  if (productType === 'SC') return 'SC';
  return dbgTicketType === 'WHITE' ? 'WHITE' : 'PINK';
}

/** A pink draw ticket is signed on the back, a white draw ticket on the front, a Scratchcard on the back. */
export const TICKET_SIGNING: Record<
  TicketKind,
  { noun: 'ticket' | 'Scratchcard'; side: 'front' | 'back' }
> = {
  PINK: { noun: 'ticket', side: 'back' },
  WHITE: { noun: 'ticket', side: 'front' },
  SC: { noun: 'Scratchcard', side: 'back' },
};

/** The instruction as a sentence, e.g. "Sign the front of your ticket, in the signature box." */
export function signingInstruction(kind: TicketKind): string {
  const { noun, side } = TICKET_SIGNING[kind];
  return `Sign the ${side} of your ${noun}, in the signature box.`;
}

/** What the claimant calls the product: "draw-based game" or "Scratchcard". */
export function productWording(productType: ProductType): string {
  return productType === 'SC' ? 'Scratchcard' : 'draw-based game';
}
