import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClaimStep } from '@prize/domain';
import type { SectionType } from '../info-request/info-request.rules.ts';

/**
 * The most staff actions and notes a claim's page shows (the contract's maximum): the latest
 * actions, so a claim opened thousands of times still shows its newest views and steps.
 */
export const STAFF_ROWS_MAX = 2000;

export interface IdentityCheckRecord {
  id: string;
  idDocsRequired: boolean;
  checkedAt: Date;
  provider: string;
  /** Null once the claim's personal data was removed (docs/adr/022). */
  personalDetails: Record<string, unknown> | null;
}

export interface StoredFileRecord {
  id: string;
  type: string;
  originalName: string;
  size: number;
  sha256: string;
  contentType: string;
  createdAt: Date;
}

export interface InfoRequestRecord {
  id: string;
  sectionTypes: SectionType[];
  status: 'open' | 'submitted' | 'superseded';
  createdAt: Date;
  expiresAt: Date;
  submittedAt: Date | null;
  submission: Record<string, unknown> | null;
}

export interface ProcessRecord {
  step: ClaimStep;
  ticketCode: string | null;
  rejectionReason: string | null;
  updatedAt: Date;
  idDocumentsDeletedAt: Date | null;
  ticketImagesDeletedAt: Date | null;
  personalDataRemovedAt: Date | null;
  assignedStaffId: string | null;
  assignedStaffName: string | null;
}

export interface StaffActionRecord {
  action: string;
  at: Date;
  staffName: string | null;
  detail: Record<string, unknown> | null;
}

export interface StaffNoteRecord {
  at: Date;
  staffName: string;
  text: string;
}

/** Everything a view of one submitted claim shows, read together. */
export interface SubmittedClaimRecord {
  id: string;
  hashid: string;
  /** Null once the claim's personal data was removed (docs/adr/022). */
  email: string | null;
  submittedAt: Date;
  identityCheckId: string;
  details: Record<string, unknown>;
  /** Oldest first, as every list below. */
  identityChecks: IdentityCheckRecord[];
  files: StoredFileRecord[];
  infoRequests: InfoRequestRecord[];
  /** The claim's own audit trail. */
  audit: Array<{ event: string; at: Date }>;
}

/** What Winner Services' process adds: its step row, what staff did and their notes. */
export interface StaffClaimRecord extends SubmittedClaimRecord {
  /** None before the claim's first step or assignment. */
  process: ProcessRecord | null;
  /** The latest STAFF_ROWS_MAX, oldest first. */
  staffActions: StaffActionRecord[];
  notes: StaffNoteRecord[];
}

/** A list of rows built as JSON in the statement: `[]` when there are none. */
const list = (select: string) => `coalesce((${select}), '[]'::json)`;

const CLAIM_COLUMNS = `c.id, c.hashid, c.email, c.submitted_at, c.identity_check_id, c.details,
  ${list(`select json_agg(json_build_object('id', i.id, 'idDocsRequired', i.id_docs_required,
      'checkedAt', i.checked_at, 'provider', i.provider, 'personalDetails', i.personal_details)
      order by i.checked_at, i.id) from identity_check i where i.claim_id = c.id`)} as identity_checks,
  ${list(`select json_agg(json_build_object('id', f.id, 'type', f.type, 'originalName', f.original_name,
      'size', f.size, 'sha256', f.sha256, 'contentType', f.content_type, 'createdAt', f.created_at)
      order by f.created_at, f.id) from uploaded_file f where f.claim_id = c.id`)} as files,
  ${list(`select json_agg(json_build_object('id', r.id, 'sectionTypes', r.section_types, 'status', r.status,
      'createdAt', r.created_at, 'expiresAt', r.expires_at, 'submittedAt', r.submitted_at,
      'submission', r.submission) order by r.created_at, r.id) from info_request r where r.claim_id = c.id`)} as info_requests,
  ${list(`select json_agg(json_build_object('event', a.event, 'at', a.at) order by a.id)
      from audit_event a where a.claim_id = c.id`)} as audit`;

const STAFF_COLUMNS = `,
  (select json_build_object('step', p.step, 'ticketCode', p.ticket_code, 'rejectionReason', p.rejection_reason,
      'updatedAt', p.updated_at, 'idDocumentsDeletedAt', p.id_documents_deleted_at,
      'ticketImagesDeletedAt', p.ticket_images_deleted_at, 'personalDataRemovedAt', p.personal_data_removed_at,
      'assignedStaffId', p.assigned_staff_id, 'assignedStaffName', s.name)
     from claim_process p left join staff_account s on s.id = p.assigned_staff_id
    where p.claim_id = c.id) as process,
  ${list(`select json_agg(json_build_object('action', x.action, 'at', x.at, 'staffName', x.name,
      'detail', x.detail) order by x.id)
      from (select sa.id, sa.action, sa.at, sa.detail, st.name from staff_audit sa
              left join staff_account st on st.id = sa.staff_id
             where sa.claim_id = c.id order by sa.id desc limit ${STAFF_ROWS_MAX}) x`)} as staff_actions,
  ${list(`select json_agg(json_build_object('at', n.created_at, 'staffName', st.name, 'text', n.text)
      order by n.created_at, n.id)
      from (select * from staff_note where claim_id = c.id order by created_at, id limit ${STAFF_ROWS_MAX}) n
      join staff_account st on st.id = n.staff_id`)} as notes`;

/** The row as the connection hands it back: timestamps as text, inside JSON too. */
type Stamp = string;
type Raw<T> = {
  [K in keyof T]: T[K] extends Date ? Stamp : T[K] extends Date | null ? Stamp | null : T[K];
};

interface ClaimRow {
  id: string;
  hashid: string;
  email: string | null;
  submitted_at: Stamp;
  identity_check_id: string;
  details: Record<string, unknown> | null;
  identity_checks: Raw<IdentityCheckRecord>[];
  files: Raw<StoredFileRecord>[];
  info_requests: Raw<InfoRequestRecord>[];
  audit: Array<{ event: string; at: Stamp }>;
  process?: Raw<ProcessRecord> | null;
  staff_actions?: Raw<StaffActionRecord>[];
  notes?: Raw<StaffNoteRecord>[];
}

const date = (value: Stamp): Date => new Date(value);
const dateOrNull = (value: Stamp | null): Date | null => (value === null ? null : new Date(value));

const claimRecord = (row: ClaimRow): SubmittedClaimRecord => ({
  id: row.id,
  hashid: row.hashid,
  email: row.email,
  submittedAt: date(row.submitted_at),
  identityCheckId: row.identity_check_id,
  details: row.details ?? {},
  identityChecks: row.identity_checks.map((check) => ({
    ...check,
    checkedAt: date(check.checkedAt),
  })),
  files: row.files.map((file) => ({ ...file, createdAt: date(file.createdAt) })),
  infoRequests: row.info_requests.map((request) => ({
    ...request,
    createdAt: date(request.createdAt),
    expiresAt: date(request.expiresAt),
    submittedAt: dateOrNull(request.submittedAt),
  })),
  audit: row.audit.map((entry) => ({ event: entry.event, at: date(entry.at) })),
});

const processRecord = (process: Raw<ProcessRecord>): ProcessRecord => ({
  ...process,
  updatedAt: date(process.updatedAt),
  idDocumentsDeletedAt: dateOrNull(process.idDocumentsDeletedAt),
  ticketImagesDeletedAt: dateOrNull(process.ticketImagesDeletedAt),
  personalDataRemovedAt: dateOrNull(process.personalDataRemovedAt),
});

/**
 * A submitted claim as the operator API and the staff pages show it, read in one statement:
 * each list is built as JSON by a subquery on its own index (claim id), so the page costs one
 * round trip however many lists it shows. Raw SQL through the entity manager because the ORM
 * has no way to aggregate several collections into one row (docs/data-access.md).
 */
export function submittedClaimRepository(em: EntityManager) {
  const read = async (hashid: string, staff: boolean) => {
    const [row] = await em.execute<ClaimRow[]>(
      `select ${CLAIM_COLUMNS}${staff ? STAFF_COLUMNS : ''}
         from claim c where c.hashid = :hashid and c.status = 'submitted'`,
      { hashid },
    );
    return row;
  };

  return {
    /** The claim as the operator API shows it; undefined when no submitted claim has this reference. */
    async forOperator(hashid: string): Promise<SubmittedClaimRecord | undefined> {
      const row = await read(hashid, false);
      return row && claimRecord(row);
    },

    /** The claim with its process, staff actions and notes, for a member of staff's page. */
    async forStaff(hashid: string): Promise<StaffClaimRecord | undefined> {
      const row = await read(hashid, true);
      return (
        row && {
          ...claimRecord(row),
          process: row.process ? processRecord(row.process) : null,
          staffActions: row.staff_actions!.map((action) => ({ ...action, at: date(action.at) })),
          notes: row.notes!.map((note) => ({ ...note, at: date(note.at) })),
        }
      );
    },

    /** The claim's id and address, for a change that needs no more (an info request). */
    async identify(hashid: string): Promise<{ id: string; email: string | null } | undefined> {
      const [row] = await em.execute<Array<{ id: string; email: string | null }>>(
        `select id, email from claim where hashid = :hashid and status = 'submitted'`,
        { hashid },
      );
      return row;
    },
  };
}
