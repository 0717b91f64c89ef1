import type { EntityManager } from '@mikro-orm/postgresql';
import { recordLockOut, recordSignInFailure } from '../../metrics/metrics.ts';
import { StaffAuditSchema } from './staff-audit.entity.ts';

/** What the staff audit records (docs/adr/019-staff-accounts.md). */
export type StaffAuditAction =
  | 'staff.signed_in'
  | 'staff.sign_in_failed'
  | 'staff.signed_out'
  | 'staff.locked_out'
  | 'staff.account_created'
  | 'staff.setup_completed'
  | 'staff.account_disabled'
  | 'staff.account_enabled'
  | 'staff.account_reset'
  | 'staff.password_changed'
  | 'staff.session_ended'
  | 'staff.other_sessions_ended'
  | 'claim.viewed'
  | 'claim.file_viewed'
  | 'claim.step_changed'
  | 'claim.info_requested'
  | 'claim.ticket_code_lookup'
  | 'claim.exported'
  | 'claim.personal_data_erased'
  | 'data_protection.searched'
  | 'claim.assigned'
  | 'claim.unassigned'
  | 'claim.note_added';

export interface StaffAuditEntry {
  /** Who acted; null when nobody could be told (a sign-in failure for an unknown e-mail). */
  staffId: string | null;
  action: StaffAuditAction;
  claimId?: string;
  /** Ids, steps, file uuids: never personal data. */
  detail?: Record<string, unknown>;
}

/**
 * Adds one audit row to the unit of work: it is written by the caller's flush, in the caller's
 * transaction, so the action and its record commit or fail together. The audit is insert-only:
 * nothing in the application updates or deletes these rows (a database trigger refuses both).
 */
export function recordStaffAudit(em: EntityManager, entry: StaffAuditEntry): void {
  // The sign-in metrics count what the audit records, wherever sign-in records it.
  if (entry.action === 'staff.sign_in_failed') recordSignInFailure();
  if (entry.action === 'staff.locked_out') recordLockOut();
  em.create(StaffAuditSchema, {
    staff: entry.staffId,
    action: entry.action,
    claimId: entry.claimId ?? null,
    detail: entry.detail ?? null,
  });
}

/**
 * `recordStaffAudit` outside a unit of work: the row is written at once, in one statement (no
 * transaction around it), for an action that changes nothing else, such as viewing a claim.
 */
export async function writeStaffAudit(em: EntityManager, entry: StaffAuditEntry): Promise<void> {
  await em.insert(StaffAuditSchema, {
    staff: entry.staffId,
    action: entry.action,
    claimId: entry.claimId ?? null,
    detail: entry.detail ?? null,
  });
}
