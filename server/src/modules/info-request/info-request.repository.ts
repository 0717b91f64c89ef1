import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { InfoRequestSchema } from './info-request.entity.ts';
import type { SectionType } from './info-request.rules.ts';
import { newRowId } from '../../db/row-id.ts';

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
        id: newRowId(),
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
  };
}

export type InfoRequestRepository = ReturnType<typeof infoRequestRepository>;
