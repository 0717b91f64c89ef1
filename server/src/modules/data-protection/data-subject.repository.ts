import type { EntityManager } from '@mikro-orm/postgresql';

export interface DataSubjectClaimRow {
  id: string;
  hashid: string | null;
  status: string;
  email: string | null;
  created_at: Date;
  verified_at: Date | null;
  submitted_at: Date | null;
  details: Record<string, unknown> | null;
  step: string | null;
}

export interface StoredFileRow {
  id: string;
  type: string;
  original_name: string;
  size: number;
  content_type: string;
  created_at: Date;
  sanitized_at: Date | null;
  storage_key: string;
}

/** `value` as an ILIKE pattern matching itself only (an exact, case-insensitive match). */
const exactly = (value: string) => value.trim().replace(/[\\%_]/g, (c) => `\\${c}`);

/** What is held about the person behind an e-mail address, for their rights requests. */
export function dataSubjectRepository(em: EntityManager) {
  const connection = em.getConnection();
  return {
    /** Every claim holding the address (any case), newest first. */
    claimsFor: (email: string) =>
      connection.execute<DataSubjectClaimRow[]>(
        `select c.id, c.hashid, c.status, c.email, c.created_at, c.verified_at, c.submitted_at, c.details, p.step
           from claim c left join claim_process p on p.claim_id = c.id
          where c.email ilike ? order by c.created_at desc limit 1000`,
        [exactly(email)],
      ),

    /** Where a file's bytes are stored now (undefined once the file is gone). */
    async storageKeyOf(fileId: string): Promise<string | undefined> {
      const [row] = await connection.execute<Array<{ storage_key: string }>>(
        'select storage_key from uploaded_file where id = ?',
        [fileId],
      );
      return row?.storage_key;
    },

    /** Everything stored about one claim but its bytes, for the export's JSON document. */
    async record(claimId: string) {
      const [checks, files, requests, process, events, notes] = await Promise.all([
        connection.execute(
          `select id, info_request_id, checked_at, id_docs_required, provider, personal_details
             from identity_check where claim_id = ? order by checked_at`,
          [claimId],
        ),
        connection.execute<StoredFileRow[]>(
          `select id, type, original_name, size, content_type, created_at, sanitized_at, storage_key
             from uploaded_file where claim_id = ? and sanitize_error is null order by created_at`,
          [claimId],
        ),
        connection.execute(
          `select id, section_types, status, created_at, expires_at, submitted_at, submission
             from info_request where claim_id = ? order by created_at`,
          [claimId],
        ),
        connection.execute(
          `select step, ticket_code, rejected_from, rejection_reason, updated_at,
                  id_documents_deleted_at, ticket_images_deleted_at, personal_data_removed_at
             from claim_process where claim_id = ?`,
          [claimId],
        ),
        connection.execute(`select event, at from audit_event where claim_id = ? order by id`, [
          claimId,
        ]),
        // Staff's internal notes are about the claimant too (a right of access covers them);
        // who wrote each is the staff member's data, not the claimant's, and stays out.
        connection.execute(
          `select text, created_at from staff_note where claim_id = ? order by created_at`,
          [claimId],
        ),
      ]);
      return { checks, files, requests, process: process[0] ?? null, events, notes };
    },
  };
}
