import type { components } from '@prize/generated/server';
import type { StaffAccount } from './staff-account.entity.ts';
import { STAFF_ROLES } from './staff-role.ts';

export type StaffUser = components['schemas']['StaffUser'];

/** An account as the contract shows it: never its password hash, TOTP secret or counters. */
export function staffUser(account: StaffAccount): StaffUser {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    // In the contract's order, whatever order they were stored in.
    roles: STAFF_ROLES.filter((role) => account.roles.includes(role)),
    createdAt: account.createdAt.toISOString(),
    setupCompleted: account.setupCompletedAt !== null && account.setupCompletedAt !== undefined,
    disabled: account.disabledAt !== null && account.disabledAt !== undefined,
  };
}
