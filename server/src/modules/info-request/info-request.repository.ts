import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { InfoRequestSchema } from './info-request.entity.ts';
import type { SectionType } from './info-request.rules.ts';

/** An info request as the operator's view lists it (column names). */
export interface InfoRequestRow {
  id: string;
  claim_id: string;
  section_types: SectionType[];
  status: 'open' | 'submitted' | 'superseded';
  expires_at: Date | string;
  opened_at: Date | string | null;
  created_at: Date | string;
  submitted_at: Date | string | null;
  submission: Record<string, unknown> | null;
}

/** Info requests on the entity manager they are given; inside a transaction, changes go with its flush. */
export function infoRequestRepository(em: EntityManager) {
  return {
    /** Creates an open request for a claim; an earlier open one is superseded (only the newest link works). */
    async create(
      claimId: string,
      tokenHash: Buffer,
      sections: SectionType[],
      expiresAt: Date,
    ): Promise<string> {
      await em.nativeUpdate(
        InfoRequestSchema,
        { claim: claimId, status: 'open' },
        { status: 'superseded' },
      );
      const request = em.create(InfoRequestSchema, {
        id: randomUUID(),
        claim: claimId,
        tokenHash,
        sectionTypes: sections,
        status: 'open',
        createdAt: new Date(),
        expiresAt,
      });
      return request.id;
    },

    /**
     * The request a link token names, or null. With `lock`, its row is locked for the rest of the
     * transaction: a second answer sent at once waits, then finds it answered.
     */
    async findByTokenHash(tokenHash: Buffer, { lock = false } = {}) {
      return em.findOne(
        InfoRequestSchema,
        { tokenHash },
        {
          fields: [
            'id',
            'claim',
            'sectionTypes',
            'status',
            'expiresAt',
            'openedAt',
            'submittedAt',
            'submission',
          ],
          lockMode: lock ? LockMode.PESSIMISTIC_WRITE : undefined,
        },
      );
    },

    /** Marks a request opened the first time it is loaded; false when it was already. */
    async markOpened(id: string): Promise<boolean> {
      return (
        (await em.nativeUpdate(
          InfoRequestSchema,
          { id, openedAt: null },
          { openedAt: new Date() },
        )) > 0
      );
    },

    async forClaim(claimId: string): Promise<InfoRequestRow[]> {
      const requests = await em.find(
        InfoRequestSchema,
        { claim: claimId },
        { orderBy: { createdAt: 'asc' }, disableIdentityMap: true },
      );
      return requests.map((request) => ({
        id: request.id,
        claim_id: request.claim.id,
        section_types: request.sectionTypes as SectionType[],
        status: request.status,
        expires_at: request.expiresAt,
        opened_at: request.openedAt ?? null,
        created_at: request.createdAt,
        submitted_at: request.submittedAt ?? null,
        submission: request.submission ?? null,
      }));
    },
  };
}

export type InfoRequestRepository = ReturnType<typeof infoRequestRepository>;
