import type { EntityManager } from '@mikro-orm/postgresql';
import { OPEN_CLAIM_STATUSES, ticketNumberUsedSql } from './claim.conditions.ts';
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

/**
 * Claims and what hangs off them, for the calls off the claimant's hot path (uploads, info requests,
 * the operator); the journey's own calls are in claim-journey.repository.ts. Returns plain data.
 */
export function claimRepository(em: EntityManager) {
  return {
    /** Records a call on an open claim; 0 when it is no longer open (submitted or expired meanwhile). */
    async touch(id: string): Promise<number> {
      return em.nativeUpdate(
        ClaimSchema,
        { id, status: { $in: [...OPEN_CLAIM_STATUSES] } },
        { lastActivityAt: new Date() },
      );
    },

    async saveIdentityCheck({
      claimId,
      ...check
    }: OfClaim<Omit<IdentityCheck, 'checkedAt'>>): Promise<void> {
      await em.insert(IdentityCheckSchema, { ...check, claim: claimId, checkedAt: new Date() });
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

    async isTicketNumberUsed(dbgTicketNumber: string): Promise<boolean> {
      const rows = await em
        .getConnection()
        .execute<Array<{ used: boolean }>>(
          `select ${ticketNumberUsedSql('?')} as used`,
          [dbgTicketNumber],
          'all',
          em.getTransactionContext(),
        );
      return rows[0]!.used;
    },

    async audit(claimId: string, event: string): Promise<void> {
      await em.insert(AuditEventSchema, { claim: claimId, event, at: new Date() });
    },
  };
}

export type ClaimRepository = ReturnType<typeof claimRepository>;
