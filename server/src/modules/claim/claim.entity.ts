import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CLAIM_STATUSES = ['started', 'verified', 'submitted', 'expired', 'purged'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const ClaimSchema = defineEntity({
  name: 'Claim',
  tableName: 'claim',
  properties: {
    id: p.uuid().primary(),
    tokenHash: p.type('blob').unique(),
    email: p.string().length(100).nullable(),
    status: p.enum(CLAIM_STATUSES),
    /** Sequence number behind the public reference (an identity column the database fills). */
    reference: p.bigint('number').nullable(),
    hashid: p.string().nullable(),
    createdAt: p.datetime(),
    lastActivityAt: p.datetime(),
    linkExpiresAt: p.datetime(),
    verifiedAt: p.datetime().nullable(),
    submittedAt: p.datetime().nullable(),
    purgedAt: p.datetime().nullable(),
    identityCheckId: p.uuid().nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
  },
});

export type Claim = InferEntity<typeof ClaimSchema>;

export const IdentityCheckSchema = defineEntity({
  name: 'IdentityCheck',
  tableName: 'identity_check',
  properties: {
    id: p.uuid().primary(),
    claimId: p.uuid(),
    infoRequestId: p.uuid().nullable(),
    personalDetails: p.json<Record<string, unknown>>().nullable(),
    idDocsRequired: p.boolean(),
    provider: p.string(),
    checkedAt: p.datetime(),
  },
});

export type IdentityCheck = InferEntity<typeof IdentityCheckSchema>;

export const UploadedFileSchema = defineEntity({
  name: 'UploadedFile',
  tableName: 'uploaded_file',
  properties: {
    id: p.uuid().primary(),
    claimId: p.uuid(),
    infoRequestId: p.uuid().nullable(),
    type: p.string(),
    originalName: p.string(),
    size: p.integer(),
    sha256: p.string().length(64),
    contentType: p.string(),
    storageKey: p.string(),
    createdAt: p.datetime(),
  },
});

export type UploadedFile = InferEntity<typeof UploadedFileSchema>;

export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  properties: {
    id: p.bigint('number').primary(),
    claimId: p.uuid(),
    event: p.string(),
    at: p.datetime(),
  },
});
