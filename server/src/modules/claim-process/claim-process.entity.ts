import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ClaimSchema } from '../claim/claim.entity.ts';
import { StaffAccountSchema } from '../staff/accounts/staff-account.entity.ts';
import { CLAIM_STEPS } from './claim-steps.ts';

/**
 * Where a submitted claim is in Winner Services' process (docs/adr/020). One row per submitted
 * claim, written with the submission at `submitted` (Migration20261203090000 gave the claims
 * submitted before it theirs). Kept apart from the claim table so the process never widens the
 * claimant's hot rows.
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
    /** When the claim reached `step` (an assignment alone does not change it). */
    updatedAt: p.datetime().defaultRaw('now()'),
    /** When retention or an erasure removed each class of the claim's data (docs/adr/022). */
    idDocumentsDeletedAt: p.datetime().nullable(),
    ticketImagesDeletedAt: p.datetime().nullable(),
    personalDataRemovedAt: p.datetime().nullable(),
    /** The member of staff working the claim ("Assign to me"); a row may exist for this alone. */
    assignedStaff: p
      .manyToOne(StaffAccountSchema)
      .nullable()
      .foreignKeyName('claim_process_assigned_staff_id_fkey')
      .deleteRule('set null'),
  },
  indexes: [
    { name: 'claim_process_step_idx', properties: ['step'] },
    // The retention job walks closed claims by the time they closed (a final step is never
    // left), one index per data class holding only the claims that still have it.
    ...(
      ['id_documents_deleted_at', 'ticket_images_deleted_at', 'personal_data_removed_at'] as const
    ).map((column) => ({
      name: `claim_process_retain_${column.split('_')[0]}_${column.split('_')[1]}_idx`,
      properties: ['updatedAt' as const],
      where: `step in ('paid', 'rejected') and ${column} is null`,
    })),
    // "My claims": the few claims one person works, found without reading the queue.
    { name: 'claim_process_assigned_staff_idx', properties: ['assignedStaff'] },
  ],
});

/**
 * An internal note on a claim (staff only, never e-mailed). Kept apart from the insert-only
 * staff audit, which records that a note was added but never holds its free text.
 */
export const StaffNoteSchema = defineEntity({
  name: 'StaffNote',
  tableName: 'staff_note',
  properties: {
    id: p.uuid().primary(),
    claim: p
      .manyToOne(ClaimSchema)
      .foreignKeyName('staff_note_claim_id_fkey')
      .deleteRule('cascade'),
    staff: p.manyToOne(StaffAccountSchema).foreignKeyName('staff_note_staff_id_fkey'),
    text: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'staff_note_claim_idx', properties: ['claim', 'createdAt'] }],
});

export type StaffNote = InferEntity<typeof StaffNoteSchema>;

export type ClaimProcess = InferEntity<typeof ClaimProcessSchema>;
