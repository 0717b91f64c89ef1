import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { StaffAccountSchema } from '../accounts/staff-account.entity.ts';

const APPEND_ONLY = `raise exception 'staff_audit is append-only' using errcode = 'insufficient_privilege';`;

/**
 * What staff did (docs/adr/019-staff-accounts.md): inserted only, never updated or deleted (a
 * trigger refuses both, and emptying the table). `claimId` has no foreign key so a claim's
 * purge leaves the trail whole; `detail` holds ids and steps, never personal data.
 */
export const StaffAuditSchema = defineEntity({
  name: 'StaffAudit',
  tableName: 'staff_audit',
  properties: {
    id: p.bigint('number').primary().generated('identity'),
    at: p.datetime().defaultRaw('now()'),
    // No cascade: deleting an account must not rewrite its trail (the trigger would refuse it).
    staff: p
      .manyToOne(StaffAccountSchema)
      .nullable()
      .foreignKeyName('staff_audit_staff_id_fkey')
      .deleteRule('no action'),
    action: p.text(),
    claimId: p.uuid().nullable(),
    detail: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [
    { name: 'staff_audit_claim_idx', properties: ['claimId', 'id'] },
    { name: 'staff_audit_staff_idx', properties: ['staff', 'id'] },
  ],
  // Whatever the application's code does, the database keeps the trail whole. (A TRUNCATE
  // trigger is added by the migration by hand: PostgreSQL's catalogue view MikroORM compares
  // triggers through does not list TRUNCATE triggers.)
  triggers: [
    {
      name: 'append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: APPEND_ONLY,
    },
  ],
});

export type StaffAudit = InferEntity<typeof StaffAuditSchema>;
