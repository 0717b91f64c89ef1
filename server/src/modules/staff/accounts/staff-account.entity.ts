import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { STAFF_ROLES } from './staff-role.ts';

/**
 * A member of staff (docs/adr/019-staff-accounts.md). The password is an argon2id hash; the TOTP
 * secret is sealed with AES-256-GCM under a key derived from STAFF_SECRET_KEY (staff-secrets.ts);
 * it is made during the set-up (held on the set-up link until a code confirms it), never at
 * creation, and cleared by a reset.
 */
export const StaffAccountSchema = defineEntity({
  name: 'StaffAccount',
  tableName: 'staff_account',
  properties: {
    id: p.uuid().primary(),
    /** Lower case: one account per address whatever the case typed. */
    email: p.text().unique('staff_account_email_key'),
    name: p.text(),
    /** A set: the account may do what any of its roles may. */
    roles: p.enum(STAFF_ROLES).array().columnType('text[]'),
    passwordHash: p.text().nullable(),
    totpSecretSealed: p.type('blob').nullable(),
    /** The TOTP time step of the last code accepted: a code is good once. */
    totpLastStep: p.bigint('number').nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    setupCompletedAt: p.datetime().nullable(),
    /** Consecutive failed sign-ins; reset by a success or when a lock-out ends. */
    failedSignIns: p.integer().default(0),
    lockedUntil: p.datetime().nullable(),
    /** Set by an admin: no sign-in, and every staff call of its sessions answers 401. */
    disabledAt: p.datetime().nullable(),
  },
});

export type StaffAccount = InferEntity<typeof StaffAccountSchema>;

/**
 * A one-time set-up link's token (only its SHA-256 is kept): valid 72 hours, used once. At most
 * one per account (a unique key): a new link replaces the older one. The authenticator enrolment
 * made during the set-up waits here, sealed, until a code confirms it.
 */
export const StaffSetupTokenSchema = defineEntity({
  name: 'StaffSetupToken',
  tableName: 'staff_setup_token',
  properties: {
    tokenHash: p.type('blob').primary(),
    staff: p
      .manyToOne(StaffAccountSchema)
      .foreignKeyName('staff_setup_token_staff_id_fkey')
      .unique('staff_setup_token_staff_key'),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    totpSecretSealed: p.type('blob').nullable(),
  },
});

export type StaffSetupToken = InferEntity<typeof StaffSetupTokenSchema>;
