import type { EntityManager } from '@mikro-orm/postgresql';

export interface DataSubjectClaim {
  id: string;
  hashid: string | null;
  status: string;
  email: string | null;
  createdAt: Date;
  verifiedAt: Date | null;
  submittedAt: Date | null;
  details: Record<string, unknown> | null;
  step: string | null;
}

export interface StoredFile {
  id: string;
  type: string;
  originalName: string;
  size: number;
  contentType: string;
  createdAt: Date;
  sanitizedAt: Date | null;
  storageKey: string;
}

/** Everything stored about one claim but its bytes, as the export's JSON document lists it. */
export interface ClaimRecord {
  checks: Array<{
    id: string;
    infoRequestId: string | null;
    checkedAt: Date;
    idDocsRequired: boolean;
    provider: string;
    personalDetails: Record<string, unknown> | null;
  }>;
  files: StoredFile[];
  requests: Array<{
    id: string;
    sectionTypes: string[];
    status: string;
    createdAt: Date;
    expiresAt: Date;
    submittedAt: Date | null;
    submission: Record<string, unknown> | null;
  }>;
  process: {
    step: string;
    ticketCode: string | null;
    rejectedFrom: string | null;
    rejectionReason: string | null;
    updatedAt: Date;
    idDocumentsDeletedAt: Date | null;
    ticketImagesDeletedAt: Date | null;
    personalDataRemovedAt: Date | null;
  } | null;
  events: Array<{ event: string; at: Date }>;
  notes: Array<{ text: string; createdAt: Date }>;
}

/** `value` as an ILIKE pattern matching itself only (an exact, case-insensitive match). */
const exactly = (value: string) => value.trim().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows as the connection hands them back (columns aliased to their camelCase names, timestamps
 * as PostgreSQL's text) made into the types above: the named columns become Dates.
 */
function withDates<T>(rows: Array<Record<string, unknown>>, columns: readonly string[]): T[] {
  return rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          columns.includes(key) && value !== null ? new Date(value as string) : value,
        ]),
      ) as T,
  );
}

/**
 * What is held about the person behind an e-mail address, for their rights requests. Raw SQL
 * through the entity manager (docs/data-access.md): one statement per list, every column named
 * in camelCase, so no table's column names leave this file.
 */
export function dataSubjectRepository(em: EntityManager) {
  const run = (sql: string, params: unknown[]) =>
    em.execute<Array<Record<string, unknown>>>(sql, params);
  return {
    /** Every claim holding the address (any case), newest first. */
    async claimsFor(email: string): Promise<DataSubjectClaim[]> {
      const rows = await run(
        `select c.id, c.hashid, c.status, c.email, c.created_at as "createdAt", c.verified_at as "verifiedAt",
                c.submitted_at as "submittedAt", c.details, p.step
           from claim c left join claim_process p on p.claim_id = c.id
          where c.email ilike ? order by c.created_at desc limit 1000`,
        [exactly(email)],
      );
      return withDates(rows, ['createdAt', 'verifiedAt', 'submittedAt']);
    },

    /** Where a file's bytes are stored now (undefined once the file is gone). */
    async storageKeyOf(fileId: string): Promise<string | undefined> {
      const [row] = await run(
        'select storage_key as "storageKey" from uploaded_file where id = ?',
        [fileId],
      );
      return row?.storageKey as string | undefined;
    },

    /** Everything stored about one claim but its bytes, for the export's JSON document. */
    async record(claimId: string): Promise<ClaimRecord> {
      const [checks, files, requests, process, events, notes] = await Promise.all([
        run(
          `select id, info_request_id as "infoRequestId", checked_at as "checkedAt",
                  id_docs_required as "idDocsRequired", provider, personal_details as "personalDetails"
             from identity_check where claim_id = ? order by checked_at`,
          [claimId],
        ),
        run(
          `select id, type, original_name as "originalName", size, content_type as "contentType",
                  created_at as "createdAt", sanitized_at as "sanitizedAt", storage_key as "storageKey"
             from uploaded_file where claim_id = ? and sanitize_error is null order by created_at`,
          [claimId],
        ),
        run(
          `select id, section_types as "sectionTypes", status, created_at as "createdAt",
                  expires_at as "expiresAt", submitted_at as "submittedAt", submission
             from info_request where claim_id = ? order by created_at`,
          [claimId],
        ),
        run(
          `select step, ticket_code as "ticketCode", rejected_from as "rejectedFrom",
                  rejection_reason as "rejectionReason", updated_at as "updatedAt",
                  id_documents_deleted_at as "idDocumentsDeletedAt",
                  ticket_images_deleted_at as "ticketImagesDeletedAt",
                  personal_data_removed_at as "personalDataRemovedAt"
             from claim_process where claim_id = ?`,
          [claimId],
        ),
        run(`select event, at from audit_event where claim_id = ? order by id`, [claimId]),
        // Staff's internal notes are about the claimant too (a right of access covers them);
        // who wrote each is the staff member's data, not the claimant's, and stays out.
        run(
          `select text, created_at as "createdAt" from staff_note where claim_id = ? order by created_at`,
          [claimId],
        ),
      ]);
      return {
        checks: withDates(checks, ['checkedAt']),
        files: withDates(files, ['createdAt', 'sanitizedAt']),
        requests: withDates(requests, ['createdAt', 'expiresAt', 'submittedAt']),
        process:
          withDates<NonNullable<ClaimRecord['process']>>(process, [
            'updatedAt',
            'idDocumentsDeletedAt',
            'ticketImagesDeletedAt',
            'personalDataRemovedAt',
          ])[0] ?? null,
        events: withDates(events, ['at']),
        notes: withDates(notes, ['createdAt']),
      };
    },
  };
}
