import type { StaffRole } from '@prize/generated/client';

// Who handles a claimant's rights (the server's DATA_PROTECTION_ROLES): one place to change.
const ROLES: readonly StaffRole[] = ['data_protection', 'admin'];

export function mayHandleDataProtection(roles: readonly StaffRole[]): boolean {
  return roles.some((role) => ROLES.includes(role));
}
