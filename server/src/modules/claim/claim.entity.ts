import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { claimStatusOpenSql, TICKET_NUMBER_SQL } from './claim.conditions.ts';
import {
  emailSql,
  fullNameSql,
  lastNameSql,
  phoneSql,
  postcodeSql,
  TICKET_NUMBER_FIELDS,
  ticketNumberSql,
} from './claim-search.sql.ts';

export const CLAIM_STATUSES = ['started', 'verified', 'submitted', 'expired', 'purged'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/*
 * Names below are PostgreSQL's own (`<table>_<column>_key`, `_fkey`), the ones the hand-written
 * migrations produced, so the schema check (test/foundation/schema-matches-entities.test.ts)
 * compares like with like.
 */
export const ClaimSchema = defineEntity({
  name: 'Claim',
  tableName: 'claim',
  properties: {
    id: p.uuid().primary(),
    tokenHash: p.type('blob').unique('claim_token_hash_key'),
    /**
     * SHA-256 of the claim's status link token, set at submission (issue 31). The token is an HMAC
     * of the claim's id (status-link.ts), so step e-mails can write the link again while the
     * database keeps no live token.
     */
    statusTokenHash: p.type('blob').nullable().unique('claim_status_token_hash_key'),
    email: p.string().length(100).nullable(),
    status: p.enum(CLAIM_STATUSES).columnType('text'),
    /**
     * Sequence number behind the public reference: an identity column (by default, increment 100)
     * whose blocks reference-blocks.ts draws. The increment is an identity option no entity can
     * declare (Migration20261125090000ClaimReferenceBlocks sets it).
     */
    reference: p
      .bigint('number')
      .nullable()
      .unique('claim_reference_key')
      .autoincrement()
      .generated('by default as identity'),
    hashid: p.text().nullable().unique('claim_hashid_key'),
    createdAt: p.datetime().defaultRaw('now()'),
    lastActivityAt: p.datetime().defaultRaw('now()'),
    linkExpiresAt: p.datetime(),
    verifiedAt: p.datetime().nullable(),
    submittedAt: p.datetime().nullable(),
    purgedAt: p.datetime().nullable(),
    identityCheckId: p.uuid().nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [
    // The purge finds open claims by status alone (Migration20261122040000ClaimHotUpdates).
    { name: 'claim_open_idx', properties: ['status'], where: claimStatusOpenSql() },
    {
      name: 'claim_submitted_idx',
      columns: [{ name: 'submitted_at', sort: 'desc' }],
      where: `status = 'submitted'`,
    },
    // The purge's next expired claims, without reading every claim kept (issue 35).
    { name: 'claim_expired_idx', properties: ['id'], where: `status = 'expired'` },
    // The back office queue, oldest first, in keyset pages: (submitted_at, id) is its sort key.
    {
      name: 'claim_queue_idx',
      properties: ['submittedAt', 'id'],
      where: `status = 'submitted'`,
    },
    {
      name: 'claim_search_email_idx',
      expression: `create index claim_search_email_idx on claim ((${emailSql()})) where status = 'submitted'`,
    },
    // Search by ticket number (issue 32): one expression index per field a ticket number is in.
    ...TICKET_NUMBER_FIELDS.map((field) => ({
      name: `claim_search_${field.toLowerCase()}_idx`,
      expression: `create index claim_search_${field.toLowerCase()}_idx on claim ((${ticketNumberSql(field)})) where status = 'submitted'`,
    })),
  ],
  uniques: [
    // A ticket serial can back one submitted claim only.
    {
      name: 'claim_dbg_ticket_number_uniq',
      expression: `create unique index claim_dbg_ticket_number_uniq on claim ((${TICKET_NUMBER_SQL})) where status = 'submitted'`,
    },
  ],
});

export type Claim = InferEntity<typeof ClaimSchema>;

export const IdentityCheckSchema = defineEntity({
  name: 'IdentityCheck',
  tableName: 'identity_check',
  properties: {
    id: p.uuid().primary(),
    claim: p
      .manyToOne(ClaimSchema)
      .foreignKeyName('identity_check_claim_id_fkey')
      .index('identity_check_claim_idx'),
    /** The info request whose amend form made this check, if any (no foreign key: kept as it was). */
    infoRequestId: p.uuid().nullable(),
    personalDetails: p.json<Record<string, unknown>>().nullable(),
    idDocsRequired: p.boolean(),
    provider: p.text(),
    checkedAt: p.datetime().defaultRaw('now()'),
  },
  // The back office's search by name, postcode and phone (issue 32), on normalised forms.
  indexes: [
    {
      name: 'identity_check_last_name_idx',
      expression: `create index identity_check_last_name_idx on identity_check ((${lastNameSql()}))`,
    },
    {
      name: 'identity_check_full_name_idx',
      expression: `create index identity_check_full_name_idx on identity_check ((${fullNameSql()}))`,
    },
    {
      name: 'identity_check_postcode_idx',
      expression: `create index identity_check_postcode_idx on identity_check ((${postcodeSql()}))`,
    },
    {
      name: 'identity_check_phone_idx',
      expression: `create index identity_check_phone_idx on identity_check ((${phoneSql()}))`,
    },
  ],
});

export type IdentityCheck = InferEntity<typeof IdentityCheckSchema>;

export const UploadedFileSchema = defineEntity({
  name: 'UploadedFile',
  tableName: 'uploaded_file',
  properties: {
    id: p.uuid().primary(),
    claim: p
      .manyToOne(ClaimSchema)
      .foreignKeyName('uploaded_file_claim_id_fkey')
      .index('uploaded_file_claim_idx'),
    infoRequestId: p.uuid().nullable(),
    type: p.text(),
    originalName: p.text(),
    size: p.integer(),
    sha256: p.character().length(64),
    contentType: p.text(),
    storageKey: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
    sanitizedAt: p.datetime().nullable(),
    sanitizeError: p.text().nullable(),
    sanitizeAttempts: p.integer().default(0),
  },
  indexes: [
    // The maintenance job's scans, which otherwise read every file kept (issue 35): uploads the
    // background re-encoding has not finished, and the recent uploads the unused-upload purge
    // looks at (retention.ts).
    {
      name: 'uploaded_file_unsanitized_idx',
      properties: ['createdAt'],
      where: 'sanitized_at is null and sanitize_error is null',
    },
    { name: 'uploaded_file_created_idx', properties: ['createdAt'] },
    // The daily storage reconciliation looks stored files up by key, a batch at a time.
    { name: 'uploaded_file_storage_key_idx', properties: ['storageKey'] },
  ],
});

export type UploadedFile = InferEntity<typeof UploadedFileSchema>;

export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  properties: {
    id: p.bigint('number').primary().generated('identity'),
    claim: p.manyToOne(ClaimSchema).foreignKeyName('audit_event_claim_id_fkey'),
    event: p.text(),
    at: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'audit_event_claim_idx', properties: ['claim', 'id'] }],
});

export type AuditEvent = InferEntity<typeof AuditEventSchema>;
