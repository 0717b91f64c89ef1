import type { components } from '@prize/generated/server';
import type { StaffAccount } from './staff-account.entity.ts';

export type StaffUser = components['schemas']['StaffUser'];

/** An account as the contract shows it: never its password hash, TOTP secret or counters. */
export function staffUser(account: StaffAccount): StaffUser {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    createdAt: account.createdAt.toISOString(),
    setupCompleted: account.setupCompletedAt !== null && account.setupCompletedAt !== undefined,
  };
}
