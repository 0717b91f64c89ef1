/** The back office's roles (docs/adr/019-staff-accounts.md); the contract's `StaffRole`. */
export const STAFF_ROLES = ['claims_advisor', 'customer_care', 'admin', 'data_protection'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An account holds a set of roles and may do what any of them may. */
export function holdsAnyRole(held: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return held.some((role) => allowed.includes(role));
}
