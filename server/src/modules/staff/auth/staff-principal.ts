import type { StaffRole } from '../accounts/staff-role.ts';

/** The signed-in member of staff a request acts as (`res.locals.staff`, set by the staff gate). */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  /** The account's roles: a set. */
  roles: StaffRole[];
  sessionId: string;
}
