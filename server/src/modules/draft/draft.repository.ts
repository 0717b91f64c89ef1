import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FormDraftSectionSchema } from './draft.entity.ts';

/** The moment, on the database's clock, a draft saved or loaded now is cleared. */
const clearedAfter = (minutes: number) => raw('now() + make_interval(mins => ?)', [minutes]);
const NOW = raw('now()');

export interface SealedSection {
  section: string;
  sealed: Uint8Array;
}

/** Saved form sections: sealed bytes in and out, never their content. */
export function draftRepository(em: EntityManager) {
  /** Moves the whole draft's expiry on; the new expiry, or null when the owner has no live section. */
  const prolong = async (ownerId: string, minutes: number): Promise<Date | null> => {
    await em.nativeUpdate(
      FormDraftSectionSchema,
      { ownerId, expiresAt: { $gt: NOW } },
      { expiresAt: clearedAfter(minutes) },
    );
    const newest = await em.findOne(
      FormDraftSectionSchema,
      { ownerId, expiresAt: { $gt: NOW } },
      { fields: ['expiresAt'], orderBy: { expiresAt: 'desc' }, disableIdentityMap: true },
    );
    return newest?.expiresAt ?? null;
  };

  /**
   * Takes the owner's draft for the rest of the transaction. Two calls on one draft each update
   * all its rows; unserialised, they took the rows in different orders and deadlocked (the API
   * fuzz found it with two loads of one claim's draft).
   */
  const lockDraft = async (ownerId: string): Promise<void> => {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`draft:${ownerId}`]);
  };

  return {
    /** Stores one section and restarts the inactivity time of every section of the draft. */
    async save(
      ownerId: string,
      { section, sealed }: SealedSection,
      minutes: number,
    ): Promise<Date> {
      await lockDraft(ownerId);
      // A section left over from an expired draft must not come back with the new one.
      await em.nativeDelete(FormDraftSectionSchema, { ownerId, expiresAt: { $lte: NOW } });
      await em
        .createQueryBuilder(FormDraftSectionSchema)
        .insert({ ownerId, section, sealed, savedAt: NOW, expiresAt: clearedAfter(minutes) })
        .onConflict(['ownerId', 'section'])
        .merge(['sealed', 'savedAt', 'expiresAt'])
        .execute();
      return (await prolong(ownerId, minutes))!;
    },

    /** The live sections of a draft, their inactivity time restarted; expired ones are deleted. */
    async load(
      ownerId: string,
      minutes: number,
    ): Promise<{ sections: SealedSection[]; expiresAt: Date | null }> {
      await lockDraft(ownerId);
      await em.nativeDelete(FormDraftSectionSchema, { ownerId, expiresAt: { $lte: NOW } });
      const rows = await em.find(
        FormDraftSectionSchema,
        { ownerId },
        { fields: ['section', 'sealed'], disableIdentityMap: true },
      );
      if (rows.length === 0) return { sections: [], expiresAt: null };
      const expiresAt = await prolong(ownerId, minutes);
      return { sections: rows.map(({ section, sealed }) => ({ section, sealed })), expiresAt };
    },

    /** Drops the drafts of these owners (a claim submitted, a request answered, a claim purged). */
    async forget(ownerIds: string[]): Promise<number> {
      return ownerIds.length
        ? em.nativeDelete(FormDraftSectionSchema, { ownerId: { $in: ownerIds } })
        : 0;
    },

    /** The inactivity rule for drafts nobody comes back to. */
    async deleteExpired(): Promise<number> {
      return em.nativeDelete(FormDraftSectionSchema, { expiresAt: { $lte: NOW } });
    },
  };
}

export type DraftRepository = ReturnType<typeof draftRepository>;
