import type { EntityManager } from '@mikro-orm/postgresql';
import { claimStatusOpenSql, OPEN_STATUS_WHERE, ticketNumberUsedSql } from './claim.conditions.ts';
import type { ClaimClock } from './claim.lifetime.ts';
import { outboxRow, type OutboxMessage } from '../mail/outbox.ts';
import {
  AuditEventSchema,
  ClaimSchema,
  IdentityCheckSchema,
  UploadedFileSchema,
  type IdentityCheck,
  type UploadedFile,
} from './claim.entity.ts';

/** A row that belongs to a claim, as the services hand it over: the claim by its id. */
type OfClaim<T extends { claim: unknown }> = Omit<T, 'claim'> & { claimId: string };

/** What the journey reads of a claim: what its calls check (status, clock) and answer. */
export interface JourneyClaim extends ClaimClock {
  id: string;
  email: string | null;
  status: string;
  reference: number | null;
  hashid: string | null;
}

/** What a submission is checked against, read with its claim. */
export interface SubmissionFacts {
  /** The identity check the submission names, when it belongs to this claim. */
  identityCheck: { id: string; idDocsRequired: boolean } | null;
  /** Those of the named files that belong to this claim. */
  files: Array<{ id: string; type: string }>;
  /** Whether a submitted claim already gives the serial (null when no serial was asked about). */
  ticketNumberUsed: boolean | null;
}

export interface NewClaim {
  id: string;
  tokenHash: Buffer;
  email: string;
  linkExpiresAt: Date;
  reference: number;
  hashid: string;
}

const JOURNEY_COLUMNS =
  'c.id, c.email, c.status, c.reference, c.hashid, c.link_expires_at, c.verified_at, c.last_activity_at';

interface JourneyClaimRow {
  id: string;
  email: string | null;
  status: string;
  reference: string | null;
  hashid: string | null;
  // The ORM's connection leaves timestamps as PostgreSQL's text.
  link_expires_at: string;
  verified_at: string | null;
  last_activity_at: string;
}

const journeyClaim = (row: JourneyClaimRow): JourneyClaim => ({
  id: row.id,
  email: row.email,
  status: row.status,
  reference: row.reference === null ? null : Number(row.reference),
  hashid: row.hashid,
  linkExpiresAt: new Date(row.link_expires_at),
  verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
  lastActivityAt: new Date(row.last_activity_at),
});

/**
 * The outbox row of a journey statement, one per row of the CTE `from` (its change): the columns
 * `outboxRow` (mail/outbox.ts) fills, attachments included, so this writer keeps all it keeps.
 */
const QUEUE_MAIL_FROM = (from: string) =>
  `insert into email_outbox (id, kind, recipient, subject, text_body, html_body, attachments)
   select :mailId, :mailKind, :mailRecipient, :mailSubject, :mailText, :mailHtml, :mailAttachments::jsonb from ${from}`;

const mailParams = (mail: OutboxMessage) => {
  const row = outboxRow(mail);
  return {
    mailId: row.id,
    mailKind: row.kind,
    mailRecipient: row.recipient,
    mailSubject: row.subject,
    mailText: row.textBody,
    mailHtml: row.htmlBody,
    // As JSON text: the driver would send an array as a PostgreSQL array.
    mailAttachments: row.attachments && JSON.stringify(row.attachments),
  };
};

/** Runs a journey statement that ends `select count(*)::int as changed from changed`: true when it changed the claim. */
async function changedOne(
  em: EntityManager,
  statement: string,
  params: Record<string, unknown>,
): Promise<boolean> {
  const [row] = await em.execute<Array<{ changed: number }>>(statement, params);
  return row!.changed > 0;
}

/** A block of claim references drawn from the claim table's identity sequence (reference-blocks.ts). */
export interface ReferenceBlock {
  first: number;
  size: number;
}

/** The next block of references: its first number and its size (the sequence's step). */
export const REFERENCE_BLOCK_SQL = `select nextval(s.seq) as first, p.increment_by as size
  from (select pg_get_serial_sequence('claim', 'reference') as seq) s
  join pg_sequences p on format('%I.%I', p.schemaname, p.sequencename) = s.seq`;

/**
 * Claims and what hangs off them, on the entity manager it is given. The claimant's journey
 * (start, verify, identity, submit, the ticket check) reads and writes with one statement each,
 * named parameters through `em.execute` (docs/adr/021 says why not the unit of work); the rest
 * goes through the entity manager, and inside `em.transactional` what it creates is written by
 * the flush that commits it.
 */
export function claimRepository(em: EntityManager) {
  return {
    /** The claim a link token names, with what the journey checks and answers; null when none. */
    async findByTokenHash(tokenHash: Buffer): Promise<JourneyClaim | null> {
      const [row] = await em.execute<JourneyClaimRow[]>(
        `select ${JOURNEY_COLUMNS} from claim c where c.token_hash = :tokenHash`,
        { tokenHash },
      );
      return row ? journeyClaim(row) : null;
    },

    /**
     * The claim a link token names with what its submission is checked against: the identity check
     * named (when it is this claim's), those of the named files that are this claim's, and whether
     * a submitted claim already gives the serial (null when none is asked about).
     */
    async findForSubmission(
      tokenHash: Buffer,
      identityCheckId: string,
      fileIds: string[],
      serial: string | null,
    ): Promise<(JourneyClaim & SubmissionFacts) | null> {
      const [row] = await em.execute<
        Array<
          JourneyClaimRow & {
            check: { id: string; idDocsRequired: boolean } | null;
            files: SubmissionFacts['files'];
            serial_used: boolean | null;
          }
        >
      >(
        `select ${JOURNEY_COLUMNS},
                (select json_build_object('id', ic.id, 'idDocsRequired', ic.id_docs_required)
                   from identity_check ic where ic.id = :identityCheckId and ic.claim_id = c.id) as check,
                coalesce((select json_agg(json_build_object('id', f.id, 'type', f.type))
                            from uploaded_file f where f.claim_id = c.id and f.id in (:fileIds)), '[]') as files,
                case when :serial::text is null then null else ${ticketNumberUsedSql(':serial')} end as serial_used
           from claim c where c.token_hash = :tokenHash`,
        // `in ()` is not SQL: no file names nothing.
        { tokenHash, identityCheckId, fileIds: fileIds.length ? fileIds : [null], serial },
      );
      if (!row) return null;
      return {
        ...journeyClaim(row),
        identityCheck: row.check,
        files: row.files,
        ticketNumberUsed: row.serial_used,
      };
    },

    /**
     * Stores a new claim, its audit event and its verification e-mail in the outbox, in one
     * statement (docs/adr/021).
     */
    async start(claim: NewClaim, mail: OutboxMessage): Promise<void> {
      await em.execute(
        `with created as (
           insert into claim (id, token_hash, email, status, link_expires_at, reference, hashid)
           values (:id, :tokenHash, :email, 'started', :linkExpiresAt, :reference, :hashid)
           returning id
         ), audited as (
           insert into audit_event (claim_id, event) select id, 'claim.started' from created
         )
         ${QUEUE_MAIL_FROM('created')}`,
        { ...claim, ...mailParams(mail) },
        'run',
      );
    },

    /**
     * Marks an open claim verified and records the call, audited the first time only, in one
     * statement; false when it is no longer open (submitted or expired meanwhile).
     */
    async saveVerified(claimId: string): Promise<boolean> {
      return changedOne(
        em,
        `with changed as (
           update claim set status = 'verified', verified_at = coalesce(verified_at, now()), last_activity_at = now()
            where id = :claimId and ${claimStatusOpenSql()}
           returning id, verified_at = now() as first
         ), audited as (
           insert into audit_event (claim_id, event) select id, 'claim.verified' from changed where first
         )
         select count(*)::int as changed from changed`,
        { claimId },
      );
    },

    /**
     * Stores an identity check of an open claim with its audit event and records the call, in one
     * statement; false when the claim is no longer open.
     */
    async saveIdentity(
      claimId: string,
      check: { id: string; personalDetails: unknown; idDocsRequired: boolean; provider: string },
    ): Promise<boolean> {
      return changedOne(
        em,
        `with changed as (
           update claim set last_activity_at = now() where id = :claimId and ${claimStatusOpenSql()} returning id
         ), saved as (
           insert into identity_check (id, claim_id, personal_details, id_docs_required, provider)
           select :id, id, :personalDetails::jsonb, :idDocsRequired, :provider from changed
         ), audited as (
           insert into audit_event (claim_id, event) select id, 'identity.checked' from changed
         )
         select count(*)::int as changed from changed`,
        { claimId, ...check, personalDetails: JSON.stringify(check.personalDetails) },
      );
    },

    /**
     * Submits an open claim with its audit event, its process row (at 'submitted': every submitted
     * claim has one, so the queue's step filter reads the step's index) and its confirmation
     * e-mail, and drops its draft, in one statement; false when another request submitted (or the purge closed) it first. A
     * serial another claim submitted meanwhile fails on the partial unique index
     * claim_dbg_ticket_number_uniq.
     */
    async saveSubmitted(
      claimId: string,
      submitted: {
        hashid: string;
        statusTokenHash: Buffer;
        identityCheckId: string;
        details: Record<string, unknown>;
      },
      mail: OutboxMessage,
    ): Promise<boolean> {
      return changedOne(
        em,
        `with changed as (
           update claim
              set status = 'submitted', hashid = :hashid, status_token_hash = :statusTokenHash,
                  identity_check_id = :identityCheckId,
                  details = :details::jsonb, submitted_at = now(), last_activity_at = now()
            where id = :claimId and ${claimStatusOpenSql()}
           returning id
         ), audited as (
           insert into audit_event (claim_id, event) select id, 'claim.submitted' from changed
         ), processed as (
           insert into claim_process (claim_id, step, updated_at) select id, 'submitted', now() from changed
         ), forgotten as (
           delete from form_draft_section where owner_id in (select id from changed)
         ), queued as (
           ${QUEUE_MAIL_FROM('changed')}
         )
         select count(*)::int as changed from changed`,
        {
          claimId,
          ...submitted,
          details: JSON.stringify(submitted.details),
          ...mailParams(mail),
        },
      );
    },

    /** The e-mail address and hashid of a claim, to write to its claimant. */
    async findContact(id: string) {
      return em.findOneOrFail(ClaimSchema, id, { fields: ['email', 'hashid'] });
    },

    /** An audit event of a claim, written by the flush. */
    addEvent(claimId: string, event: string): void {
      em.create(AuditEventSchema, { claim: claimId, event, at: new Date() });
    },

    /** An identity check of a claim, written by the flush. */
    addIdentityCheck({ claimId, ...check }: OfClaim<Omit<IdentityCheck, 'checkedAt'>>): void {
      em.create(IdentityCheckSchema, { ...check, claim: claimId, checkedAt: new Date() });
    },

    /**
     * Records a call on an open claim now (one UPDATE guarded by the open status); 0 when it is no
     * longer open (submitted or expired meanwhile).
     */
    async touch(id: string): Promise<number> {
      return em.nativeUpdate(
        ClaimSchema,
        { id, ...OPEN_STATUS_WHERE },
        { lastActivityAt: new Date() },
      );
    },

    async findIdentityCheck(
      id: string,
      claimId: string,
    ): Promise<Pick<IdentityCheck, 'id' | 'idDocsRequired' | 'infoRequestId'> | null> {
      return em.findOne(
        IdentityCheckSchema,
        { id, claim: claimId },
        { fields: ['id', 'idDocsRequired', 'infoRequestId'], disableIdentityMap: true },
      );
    },

    async saveFile({
      claimId,
      ...file
    }: OfClaim<
      Omit<UploadedFile, 'createdAt' | 'sanitizedAt' | 'sanitizeError' | 'sanitizeAttempts'>
    >): Promise<void> {
      await em.insert(UploadedFileSchema, { ...file, claim: claimId, createdAt: new Date() });
    },

    async findFiles(
      claimId: string,
      ids: string[],
    ): Promise<Array<Pick<UploadedFile, 'id' | 'type' | 'infoRequestId'>>> {
      if (ids.length === 0) return [];
      return em.find(
        UploadedFileSchema,
        { claim: claimId, id: { $in: ids } },
        { fields: ['id', 'type', 'infoRequestId'], disableIdentityMap: true },
      );
    },

    /** Whether a submitted claim already gives this serial ("serial is used", claim.conditions.ts). */
    async isTicketNumberUsed(serial: string): Promise<boolean> {
      const [row] = await em.execute<Array<{ used: boolean }>>(
        `select ${ticketNumberUsedSql(':serial')} as used`,
        { serial },
      );
      return row!.used;
    },

    /** Writes an audit event now (outside a unit of work's flush). */
    async audit(claimId: string, event: string): Promise<void> {
      await em.insert(AuditEventSchema, { claim: claimId, event, at: new Date() });
    },

    /**
     * Draws the next block of references: one `nextval` of the reference column's identity
     * sequence, which steps by the block size. Hand-written SQL: the ORM has no call for a
     * sequence (docs/adr/021).
     */
    async drawReferenceBlock(): Promise<ReferenceBlock> {
      const [row] = await em.execute<Array<{ first: string; size: string }>>(REFERENCE_BLOCK_SQL);
      return { first: Number(row!.first), size: Number(row!.size) };
    },
  };
}

export type ClaimRepository = ReturnType<typeof claimRepository>;
