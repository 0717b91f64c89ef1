import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ClaimSchema } from '../claim/claim.entity.ts';

export const INFO_REQUEST_STATUSES = ['open', 'submitted', 'superseded'] as const;

/** A request for more information on a submitted claim, answered through its own link. */
export const InfoRequestSchema = defineEntity({
  name: 'InfoRequest',
  tableName: 'info_request',
  properties: {
    id: p.uuid().primary(),
    claim: p.manyToOne(ClaimSchema).foreignKeyName('info_request_claim_id_fkey'),
    tokenHash: p.type('blob').unique('info_request_token_hash_key'),
    sectionTypes: p.json<string[]>(),
    status: p.enum(INFO_REQUEST_STATUSES).columnType('text'),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    openedAt: p.datetime().nullable(),
    submittedAt: p.datetime().nullable(),
    submission: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [{ name: 'info_request_claim_idx', properties: ['claim', 'createdAt'] }],
});

export type InfoRequest = InferEntity<typeof InfoRequestSchema>;
