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
    reference: p.bigint('number').nullable().persist(false),
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
