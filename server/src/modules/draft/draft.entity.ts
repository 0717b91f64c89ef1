import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One saved section of a form's draft (docs/adr/015-form-drafts.md). `ownerId` is the claim's id
 * for the claim form, the info request's id for the amend form: both are random UUIDs. The
 * answers are sealed with a key derived from the owner's link token
 * (save-and-return/draft-cipher.ts), which the database never holds.
 */
export const FormDraftSectionSchema = defineEntity({
  name: 'FormDraftSection',
  tableName: 'form_draft_section',
  properties: {
    ownerId: p.uuid().primary(),
    section: p.text().primary(),
    sealed: p.type('blob'),
    savedAt: p.datetime().defaultRaw('now()'),
    /** The inactivity rule: every section of the owner's draft shares this, moved on by each save and load. */
    expiresAt: p.datetime().index('form_draft_section_expires_idx'),
  },
});

export type FormDraftSection = InferEntity<typeof FormDraftSectionSchema>;
