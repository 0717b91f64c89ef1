import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEventSchema, ClaimSchema, IdentityCheckSchema, UploadedFileSchema, type IdentityCheck, type UploadedFile } from './claim.entity.ts';

/**
 * Claims and what hangs off them, for the calls off the claimant's hot path (uploads, info requests,
 * the operator); the journey's own calls are in claim-journey.repository.ts. Returns plain data.
 */
export function claimRepository(em: EntityManager) {
  return {
    /** Records a call on an open claim; 0 when it is no longer open (submitted or expired meanwhile). */
    async touch(id: string): Promise<number> {
      return em.nativeUpdate(ClaimSchema, { id, status: { $in: ['started', 'verified'] } } as never, { lastActivityAt: new Date() } as never);
    },

    async saveIdentityCheck(check: Omit<IdentityCheck, 'checkedAt'>): Promise<void> {
      await em.insert(IdentityCheckSchema, { ...check, checkedAt: new Date() } as never);
    },

    async findIdentityCheck(id: string, claimId: string): Promise<Pick<IdentityCheck, 'id' | 'idDocsRequired' | 'infoRequestId'> | null> {
      return em.findOne(IdentityCheckSchema, { id, claimId } as never, { fields: ['id', 'idDocsRequired', 'infoRequestId'], disableIdentityMap: true } as never) as never;
    },

    async saveFile(file: Omit<UploadedFile, 'createdAt'>): Promise<void> {
      await em.insert(UploadedFileSchema, { ...file, createdAt: new Date() } as never);
    },

    async findFiles(claimId: string, ids: string[]): Promise<Array<Pick<UploadedFile, 'id' | 'type' | 'infoRequestId'>>> {
      if (ids.length === 0) return [];
      return em.find(UploadedFileSchema, { claimId, id: { $in: ids } } as never, { fields: ['id', 'type', 'infoRequestId'], disableIdentityMap: true } as never) as never;
    },

    async isTicketNumberUsed(dbgTicketNumber: string): Promise<boolean> {
      const rows = await em
        .getConnection()
        .execute<unknown[]>(`select 1 from claim where status = 'submitted' and details->>'dbgTicketNumber' = ? limit 1`, [dbgTicketNumber], 'all', em.getTransactionContext());
      return rows.length > 0;
    },

    async audit(claimId: string, event: string): Promise<void> {
      await em.insert(AuditEventSchema, { claimId, event, at: new Date() } as never);
    },
  };
}

export type ClaimRepository = ReturnType<typeof claimRepository>;
