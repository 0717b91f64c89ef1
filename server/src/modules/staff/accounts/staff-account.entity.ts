import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { STAFF_ROLES } from './staff-role.ts';

/**
 * A member of staff (docs/adr/019-staff-accounts.md). The password is an argon2id hash; the TOTP
 * secret is sealed with AES-256-GCM under a key derived from STAFF_SECRET_KEY (totp-secret.ts),
 * created with the account so the set-up page can show it, and confirmed by the first code.
 */
export const StaffAccountSchema = defineEntity({
  name: 'StaffAccount',
  tableName: 'staff_account',
  properties: {
    id: p.uuid().primary(),
    /** Lower case: one account per address whatever the case typed. */
    email: p.text().unique('staff_account_email_key'),
    name: p.text(),
    role: p.enum(STAFF_ROLES).columnType('text'),
    passwordHash: p.text().nullable(),
    totpSecretSealed: p.type('blob'),
    /** The TOTP time step of the last code accepted: a code is good once. */
    totpLastStep: p.bigint('number').nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    setupCompletedAt: p.datetime().nullable(),
    /** Consecutive failed sign-ins; reset by a success or when a lock-out ends. */
    failedSignIns: p.integer().default(0),
    lockedUntil: p.datetime().nullable(),
  },
});

export type StaffAccount = InferEntity<typeof StaffAccountSchema>;

/** A one-time set-up link's token (only its SHA-256 is kept): valid 72 hours, used once. */
export const StaffSetupTokenSchema = defineEntity({
  name: 'StaffSetupToken',
  tableName: 'staff_setup_token',
  properties: {
    tokenHash: p.type('blob').primary(),
    staff: p
      .manyToOne(StaffAccountSchema)
      .foreignKeyName('staff_setup_token_staff_id_fkey')
      .index('staff_setup_token_staff_idx'),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export type StaffSetupToken = InferEntity<typeof StaffSetupTokenSchema>;
