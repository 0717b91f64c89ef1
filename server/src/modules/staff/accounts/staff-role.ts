/** The back office's roles (docs/adr/019-staff-accounts.md); the contract's `StaffRole`. */
export const STAFF_ROLES = ['claims_advisor', 'customer_care', 'admin', 'data_protection'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
