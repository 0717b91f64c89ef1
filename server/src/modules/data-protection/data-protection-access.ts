import type { StaffRole } from '../staff/accounts/staff-role.ts';
import { requireStaff } from '../staff/auth/require-staff.ts';

/** Who handles a claimant's rights (search, export, erasure): the one place that says so. */
export const DATA_PROTECTION_ROLES: readonly StaffRole[] = ['data_protection', 'admin'];

export const requireDataProtection = requireStaff({ roles: [...DATA_PROTECTION_ROLES] });
