import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEventSchema, ClaimSchema, IdentityCheckSchema, UploadedFileSchema, type Claim, type ClaimStatus, type IdentityCheck, type UploadedFile } from './claim.entity.ts';

export type ClaimRecord = Pick<Claim, 'id' | 'email' | 'status' | 'reference' | 'hashid' | 'lastActivityAt' | 'linkExpiresAt' | 'verifiedAt'>;

const CLAIM_FIELDS = ['id', 'email', 'status', 'reference', 'hashid', 'lastActivityAt', 'linkExpiresAt', 'verifiedAt'] as const;

/** Claims and what hangs off them. Returns plain data; callers never hold managed entities. */
export function claimRepository(em: EntityManager) {
  return {
    async create(tokenHash: Buffer, email: string, linkExpiresAt: Date): Promise<string> {
      const id = randomUUID();
      const now = new Date();
      await em.insert(ClaimSchema, { id, tokenHash, email, status: 'started', createdAt: now, lastActivityAt: now, linkExpiresAt } as never);
      return id;
    },

    async findByTokenHash(tokenHash: Buffer): Promise<ClaimRecord | null> {
      return em.findOne(ClaimSchema, { tokenHash } as never, { fields: [...CLAIM_FIELDS], disableIdentityMap: true } as never) as Promise<ClaimRecord | null>;
    },

    /** Records a call on an open claim; 0 when it is no longer open (submitted or expired meanwhile). */
    async touch(id: string, changes: { verified?: boolean } = {}): Promise<number> {
      const now = new Date();
      const set: Record<string, unknown> = { lastActivityAt: now };
      if (changes.verified) Object.assign(set, { status: 'verified' });
      return em.nativeUpdate(ClaimSchema, { id, status: { $in: ['started', 'verified'] } } as never, set as never);
    },

    async markVerifiedOnce(id: string): Promise<boolean> {
      const changed = await em.nativeUpdate(ClaimSchema, { id, verifiedAt: null } as never, { verifiedAt: new Date() } as never);
      return changed > 0;
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

    /** Submits an open claim; false when it was submitted (or closed) by another request first. */
    async submit(id: string, hashid: string, identityCheckId: string, details: Record<string, unknown>): Promise<boolean> {
      const now = new Date();
      const changed = await em.nativeUpdate(
        ClaimSchema,
        { id, status: { $in: ['started', 'verified'] } } as never,
        { status: 'submitted' satisfies ClaimStatus, hashid, identityCheckId, details, submittedAt: now, lastActivityAt: now } as never,
      );
      return changed > 0;
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
