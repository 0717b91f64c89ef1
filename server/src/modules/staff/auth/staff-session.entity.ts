import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { StaffAccountSchema } from '../accounts/staff-account.entity.ts';

/**
 * A signed-in member of staff. The cookie holds a random 256-bit token; only its SHA-256 is kept,
 * so a copy of this table signs nobody in. Signing out deletes the row.
 */
export const StaffSessionSchema = defineEntity({
  name: 'StaffSession',
  tableName: 'staff_session',
  properties: {
    id: p.uuid().primary(),
    tokenHash: p.type('blob').unique('staff_session_token_hash_key'),
    staff: p
      .manyToOne(StaffAccountSchema)
      .foreignKeyName('staff_session_staff_id_fkey')
      .index('staff_session_staff_idx'),
    createdAt: p.datetime().defaultRaw('now()'),
    /** Moved on by every request (STAFF_SESSION_IDLE_MINUTES), never past expiresAt. */
    idleExpiresAt: p.datetime(),
    /** createdAt + STAFF_SESSION_MAX_HOURS: the session ends then however busy. */
    expiresAt: p.datetime().index('staff_session_expires_idx'),
    /** The id of the STAFF_SECRET_KEY it was made under: after a rotation it has ended. */
    keyId: p.text().default(''),
  },
});

export type StaffSession = InferEntity<typeof StaffSessionSchema>;
