import type { Pool } from 'pg';
import { claimStatusOpenSql, ticketNumberUsedSql } from './claim.conditions.ts';
import { claimIsOpenSql, FORGET_DRAFT } from './claim.lifetime.ts';

/**
 * A submission checked and stored in one statement, for the common case of a valid one: the
 * claim, its identity check, its files and the serial's use are read by the statement that
 * submits, so the call is one round trip instead of a read and then a write (docs/adr/009).
 *
 * The rules that depend on the stored identity check's verdict are worked out by the caller for
 * both verdicts beforehand (`ifNoDocs`, `ifDocs`); the statement picks the branch of the verdict
 * it finds. Whatever it cannot confirm (a rule broken, a file missing or of another type, the
 * serial used, the claim not open, no hashid stored at start) submits nothing and returns null:
 * the caller then reads the facts and answers exactly as before (claim.service.ts).
 */

/** Stands for the claim's hashid in the confirmation e-mail, which the statement fills in. */
export const REFERENCE_PLACEHOLDER = '{{claim-reference}}';

export interface SubmissionBranch {
  /** The submission breaks no rule when the stored check has this verdict. */
  passes: boolean;
  /** The files the submission needs with this verdict, each with the upload type it must have. */
  files: Array<{ uuid: string; type: string }>;
  /** What is stored of the submission with this verdict. */
  details: Record<string, unknown>;
}

export interface SubmissionAttempt {
  tokenHash: Buffer;
  identityCheckId: string;
  ifNoDocs: SubmissionBranch;
  ifDocs: SubmissionBranch;
  dbgTicketNumber: string | null;
  /** The confirmation e-mail, REFERENCE_PLACEHOLDER where the claim's hashid goes. */
  mail: { id: string; kind: string; subject: string; text: string; html: string };
}

const OPEN = claimIsOpenSql('c', '$2');

export function oneStatementSubmit(pool: Pool, inactivitySeconds: number) {
  return {
    /**
     * Submits the claim the link names if everything checks out; its hashid, or null when nothing
     * was submitted. A serial another claim submitted meanwhile fails on the partial unique index
     * claim_dbg_ticket_number_uniq, as in the two-step path.
     */
    async submitWhenValid(attempt: SubmissionAttempt): Promise<string | null> {
      const { ifNoDocs, ifDocs, mail } = attempt;
      const { rows } = await pool.query<{ hashid: string | null }>({
        name: 'claim.submit-when-valid',
        text: `with c as (
                 select c.id, c.hashid, ${OPEN} as open from claim c where c.token_hash = $1
               ), ic as (
                 select ic.id, ic.id_docs_required from identity_check ic join c on ic.claim_id = c.id where ic.id = $3
               ), needed as (
                 select n.id, n.type
                   from ic, unnest(case when ic.id_docs_required then $8::uuid[] else $6::uuid[] end,
                                   case when ic.id_docs_required then $9::text[] else $7::text[] end) as n (id, type)
               ), ready as (
                 select c.id, ic.id as check_id, ic.id_docs_required
                   from c join ic on true
                  where c.open and c.hashid is not null
                    and case when ic.id_docs_required then $5::boolean else $4::boolean end
                    and not exists (select 1 from needed left join uploaded_file f on f.id = needed.id and f.claim_id = c.id and f.type = needed.type
                                     where f.id is null)
                    and ($10::text is null or not ${ticketNumberUsedSql('$10')})
               ), changed as (
                 update claim
                    set status = 'submitted', identity_check_id = r.check_id,
                        details = case when r.id_docs_required then $12::jsonb else $11::jsonb end,
                        submitted_at = now(), last_activity_at = now()
                   from ready r
                  where claim.id = r.id and ${claimStatusOpenSql('claim')}
                 returning claim.id, claim.email, claim.hashid
               ), audited as (
                 insert into audit_event (claim_id, event) select id, 'claim.submitted' from changed
               ), ${FORGET_DRAFT}, queued as (
                 insert into email_outbox (id, kind, recipient, subject, text_body, html_body)
                 select $13, $14, email, replace($15, $18, hashid), replace($16, $18, hashid), replace($17, $18, hashid) from changed
               )
               select hashid from changed`,
        values: [
          attempt.tokenHash,
          inactivitySeconds,
          attempt.identityCheckId,
          ifNoDocs.passes,
          ifDocs.passes,
          ifNoDocs.files.map((file) => file.uuid),
          ifNoDocs.files.map((file) => file.type),
          ifDocs.files.map((file) => file.uuid),
          ifDocs.files.map((file) => file.type),
          attempt.dbgTicketNumber,
          JSON.stringify(ifNoDocs.details),
          JSON.stringify(ifDocs.details),
          mail.id,
          mail.kind,
          mail.subject,
          mail.text,
          mail.html,
          REFERENCE_PLACEHOLDER,
        ],
      });
      return rows[0]?.hashid ?? null;
    },
  };
}
