import type { Pool } from 'pg';
import { claimStatusOpenSql, ticketNumberUsedSql } from './claim.conditions.ts';
import { claimIsOpenSql, FORGET_DRAFT } from './claim.lifetime.ts';
import type { FileType } from './claim.types.ts';

/**
 * The claimant's journey on the `pg` pool behind the ORM: each call of spec section 7 reads once
 * and changes state in one statement (data-modifying CTEs), so a change, its audit event and its
 * e-mail commit together in one round trip. Statements are named, so each connection parses and
 * plans them once. docs/adr/009-one-statement-per-call.md says why the ORM is not used here.
 */

/** What a link token names, and whether the claim is still open (status and clock, in SQL). */
export interface ClaimState {
  id: string;
  email: string | null;
  status: string;
  reference: string | null;
  open: boolean;
}

export interface OutboxMessage {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

/** Every statement here passes the inactivity limit as $2, but the identity check by token as $6. */
const OPEN = claimIsOpenSql('c', '$2');
const OPEN_BY_TOKEN = claimIsOpenSql('c', '$6');

/** An identity check ($2 id, $3 details, $4 verdict, $5 provider) and its audit event, for the claim in `changed`. */
const IDENTITY_CHECK_WRITES = `saved as (
                 insert into identity_check (id, claim_id, personal_details, id_docs_required, provider)
                 select $2, id, $3::jsonb, $4, $5 from changed
               ), audited as (
                 insert into audit_event (claim_id, event) select id, 'identity.checked' from changed
               )`;

export interface SubmissionFacts extends ClaimState {
  /** The identity check named by the submission, when it belongs to this claim. */
  identityCheck: { id: string; idDocsRequired: boolean } | null;
  files: Array<{ id: string; type: FileType }>;
  /** Whether a submitted claim already has this serial (null when no serial was asked about). */
  ticketNumberUsed: boolean | null;
}

export function claimJourneyRepository(pool: Pool, inactivitySeconds: number) {
  return {
    async claimByToken(tokenHash: Buffer): Promise<ClaimState | null> {
      const { rows } = await pool.query<ClaimState>({
        name: 'claim.by-token',
        text: `select id, email, status, reference, ${OPEN} as open from claim c where token_hash = $1`,
        values: [tokenHash, inactivitySeconds],
      });
      return rows[0] ?? null;
    },

    /** Creates the claim with its audit event and its verification e-mail queued in the outbox, in one statement. */
    async start(
      claim: {
        id: string;
        tokenHash: Buffer;
        email: string;
        linkLifetimeHours: number;
        reference: number;
        hashid: string;
      },
      mail: OutboxMessage,
    ): Promise<void> {
      await pool.query({
        name: 'claim.start',
        text: `with created as (
                 insert into claim (id, token_hash, email, status, link_expires_at, reference, hashid)
                 values ($1, $2, $3, 'started', now() + make_interval(hours => $4), $11, $12)
                 returning id
               ), audited as (
                 insert into audit_event (claim_id, event) select id, 'claim.started' from created
               )
               insert into email_outbox (id, kind, recipient, subject, text_body, html_body)
               select $5, $6, $7, $8, $9, $10 from created`,
        values: [
          claim.id,
          claim.tokenHash,
          claim.email,
          claim.linkLifetimeHours,
          mail.id,
          mail.kind,
          mail.recipient,
          mail.subject,
          mail.text,
          mail.html,
          claim.reference,
          claim.hashid,
        ],
      });
    },

    /**
     * Marks an open claim verified (audited the first time only) and records the call.
     * `changed` is false when the claim was not open, or was submitted by another request meanwhile.
     */
    async verify(tokenHash: Buffer): Promise<(ClaimState & { changed: boolean }) | null> {
      const { rows } = await pool.query<ClaimState & { changed: boolean }>({
        name: 'claim.verify',
        text: `with found as (
                 select id, email, status, reference, verified_at, ${OPEN} as open from claim c where token_hash = $1
               ), changed as (
                 update claim c
                    set status = 'verified', verified_at = coalesce(c.verified_at, now()), last_activity_at = now()
                   from found f
                  where c.id = f.id and f.open and ${claimStatusOpenSql('c')}
                 returning c.id, f.verified_at is null as first
               ), audited as (
                 insert into audit_event (claim_id, event) select id, 'claim.verified' from changed where first
               )
               select f.id, f.email, f.status, f.reference, f.open, exists (select 1 from changed) as changed from found f`,
        values: [tokenHash, inactivitySeconds],
      });
      return rows[0] ?? null;
    },

    /** Saves an identity check of an open claim, audited, and records the call; false when no longer open. */
    async saveIdentityCheck(check: {
      id: string;
      claimId: string;
      personalDetails: unknown;
      idDocsRequired: boolean;
      provider: string;
    }): Promise<boolean> {
      const { rows } = await pool.query<{ changed: number }>({
        name: 'claim.identity-check',
        text: `with changed as (
                 update claim set last_activity_at = now() where id = $1 and ${claimStatusOpenSql()} returning id
               ), ${IDENTITY_CHECK_WRITES}
               select count(*)::int as changed from changed`,
        values: [
          check.claimId,
          check.id,
          JSON.stringify(check.personalDetails),
          check.idDocsRequired,
          check.provider,
        ],
      });
      return rows[0]!.changed > 0;
    },

    /**
     * `saveIdentityCheck` for the claim a link token names, found in the same statement: one round
     * trip when the verdict is known before the claim is looked up (an in-process provider).
     * `changed` is false when the claim is not open, or was submitted meanwhile.
     */
    async saveIdentityCheckByToken(
      tokenHash: Buffer,
      check: { id: string; personalDetails: unknown; idDocsRequired: boolean; provider: string },
    ): Promise<(ClaimState & { changed: boolean }) | null> {
      const { rows } = await pool.query<ClaimState & { changed: boolean }>({
        name: 'claim.identity-check-by-token',
        text: `with found as (
                 select id, email, status, reference, ${OPEN_BY_TOKEN} as open from claim c where token_hash = $1
               ), changed as (
                 update claim c set last_activity_at = now()
                   from found f
                  where c.id = f.id and f.open and ${claimStatusOpenSql('c')}
                 returning c.id
               ), ${IDENTITY_CHECK_WRITES}
               select f.id, f.email, f.status, f.reference, f.open, exists (select 1 from changed) as changed from found f`,
        values: [
          tokenHash,
          check.id,
          JSON.stringify(check.personalDetails),
          check.idDocsRequired,
          check.provider,
          inactivitySeconds,
        ],
      });
      return rows[0] ?? null;
    },

    /** Everything a submission is checked against, in one read. */
    async submissionFacts(
      tokenHash: Buffer,
      identityCheckId: string,
      fileIds: string[],
      dbgTicketNumber: string | null,
    ): Promise<SubmissionFacts | null> {
      const { rows } = await pool.query<
        ClaimState & {
          check_id: string | null;
          id_docs_required: boolean | null;
          files: SubmissionFacts['files'];
          ticket_number_used: boolean | null;
        }
      >({
        name: 'claim.submission-facts',
        text: `select c.id, c.email, c.status, c.reference, ${OPEN} as open,
                      ic.id as check_id, ic.id_docs_required,
                      coalesce((select json_agg(json_build_object('id', f.id, 'type', f.type))
                                  from uploaded_file f where f.claim_id = c.id and f.id = any($4::uuid[])), '[]'::json) as files,
                      case when $5::text is null then null
                           else ${ticketNumberUsedSql('$5')} end as ticket_number_used
                 from claim c
                 left join identity_check ic on ic.id = $3 and ic.claim_id = c.id
                where c.token_hash = $1`,
        values: [tokenHash, inactivitySeconds, identityCheckId, fileIds, dbgTicketNumber],
      });
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        status: row.status,
        reference: row.reference,
        open: row.open,
        identityCheck: row.check_id
          ? { id: row.check_id, idDocsRequired: row.id_docs_required! }
          : null,
        files: row.files,
        ticketNumberUsed: row.ticket_number_used,
      };
    },

    /**
     * Submits an open claim with its audit event and confirmation e-mail; false when another request
     * submitted (or the purge closed) it first. A serial another claim submitted meanwhile fails on
     * the partial unique index claim_dbg_ticket_number_uniq.
     */
    async submit(
      claim: {
        id: string;
        hashid: string;
        identityCheckId: string;
        details: Record<string, unknown>;
      },
      mail: OutboxMessage,
    ): Promise<boolean> {
      const { rows } = await pool.query<{ changed: number }>({
        name: 'claim.submit',
        text: `with changed as (
                 update claim
                    set status = 'submitted', hashid = $2, identity_check_id = $3, details = $4::jsonb,
                        submitted_at = now(), last_activity_at = now()
                  where id = $1 and ${claimStatusOpenSql()}
                 returning id
               ), audited as (
                 insert into audit_event (claim_id, event) select id, 'claim.submitted' from changed
               ), ${FORGET_DRAFT}, queued as (
                 insert into email_outbox (id, kind, recipient, subject, text_body, html_body)
                 select $5, $6, $7, $8, $9, $10 from changed
               )
               select count(*)::int as changed from changed`,
        values: [
          claim.id,
          claim.hashid,
          claim.identityCheckId,
          JSON.stringify(claim.details),
          mail.id,
          mail.kind,
          mail.recipient,
          mail.subject,
          mail.text,
          mail.html,
        ],
      });
      return rows[0]!.changed > 0;
    },
  };
}

export type ClaimJourneyRepository = ReturnType<typeof claimJourneyRepository>;
