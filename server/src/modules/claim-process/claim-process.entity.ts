import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ClaimSchema } from '../claim/claim.entity.ts';
import { CLAIM_STEPS } from './claim-steps.ts';

/**
 * Where a submitted claim is in Winner Services' process (docs/adr/020). One row per claim once
 * its first step is taken; a submitted claim without a row is at `submitted`. Kept apart from the
 * claim table so the process never widens the claimant's hot rows.
 */
export const ClaimProcessSchema = defineEntity({
  name: 'ClaimProcess',
  tableName: 'claim_process',
  properties: {
    claim: p.oneToOne(ClaimSchema).primary().owner().foreignKeyName('claim_process_claim_id_fkey'),
    step: p.enum(CLAIM_STEPS).columnType('text'),
    /** Created when the ticket is requested; encoded in the QR code the claimant posts back. */
    ticketCode: p.text().nullable().unique('claim_process_ticket_code_key'),
    /** The step the claim was at when rejected: the claimant's list keeps what was completed. */
    rejectedFrom: p.enum(CLAIM_STEPS).columnType('text').nullable(),
    rejectionReason: p.text().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'claim_process_step_idx', properties: ['step'] }],
});

export type ClaimProcess = InferEntity<typeof ClaimProcessSchema>;
