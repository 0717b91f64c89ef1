import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OPEN_STATUS_WHERE, ticketNumberUsedWhere } from './claim.conditions.ts';
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
 * What the journey reads of a claim: what its calls check (status, clock), answer (e-mail,
 * reference) and change. Not the token hash, the creation time or the purge's fields.
 */
const JOURNEY_FIELDS = [
  'id',
  'email',
  'status',
  'reference',
  'hashid',
  'linkExpiresAt',
  'verifiedAt',
  'lastActivityAt',
  'submittedAt',
  'identityCheckId',
  'details',
] as const;

/** A block of claim references drawn from the claim table's identity sequence (reference-blocks.ts). */
export interface ReferenceBlock {
  first: number;
  size: number;
}

/**
 * Claims and what hangs off them, on the entity manager it is given: inside a transaction
 * (`em.transactional`) what it creates is written by the flush that commits it. Reads load only
 * the fields their callers use.
 */
export function claimRepository(em: EntityManager) {
  return {
    /**
     * The claim a link token names (its journey fields), or null. With `lock`, the row is locked
     * for the rest of the transaction: a concurrent call on the same claim (a second submit, an
     * upload, the purge) waits for this one and then sees what it wrote.
     */
    async findByTokenHash(tokenHash: Buffer, { lock = false } = {}) {
      return em.findOne(
        ClaimSchema,
        { tokenHash },
        {
          fields: JOURNEY_FIELDS,
          lockMode: lock ? LockMode.PESSIMISTIC_WRITE : undefined,
        },
      );
    },

    /**
     * Inserts a new claim with the reference drawn for it (reference-blocks.ts). `em.insert`, not
     * the flush: the unit of work never writes an identity column, and this one's value is given.
     */
    async insert(claim: {
      id: string;
      tokenHash: Buffer;
      email: string;
      linkExpiresAt: Date;
      reference: number;
      hashid: string;
    }): Promise<void> {
      const now = new Date();
      await em.insert(ClaimSchema, { ...claim, status: 'started', createdAt: now, lastActivityAt: now });
    },

    /** An audit event of a claim, written by the flush. */
    addEvent(claimId: string, event: string): void {
      em.create(AuditEventSchema, { claim: claimId, event, at: new Date() });
    },

    /** An identity check of a claim, written by the flush. */
    addIdentityCheck({ claimId, ...check }: OfClaim<Omit<IdentityCheck, 'checkedAt'>>): void {
      em.create(IdentityCheckSchema, { ...check, claim: claimId, checkedAt: new Date() });
    },

    /**
     * Records a call on an open claim now (one UPDATE guarded by the open status); 0 when it is no
     * longer open (submitted or expired meanwhile).
     */
    async touch(id: string): Promise<number> {
      return em.nativeUpdate(
        ClaimSchema,
        { id, ...OPEN_STATUS_WHERE },
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

    /** Whether a submitted claim already gives this serial ("serial is used", claim.conditions.ts). */
    async isTicketNumberUsed(dbgTicketNumber: string): Promise<boolean> {
      const used = await em.findOne(ClaimSchema, ticketNumberUsedWhere(dbgTicketNumber), {
        fields: ['id'],
        disableIdentityMap: true,
      });
      return used !== null;
    },

    /** Writes an audit event now (outside a unit of work's flush). */
    async audit(claimId: string, event: string): Promise<void> {
      await em.insert(AuditEventSchema, { claim: claimId, event, at: new Date() });
    },

    /**
     * Draws the next block of references: one `nextval` of the reference column's identity
     * sequence, which steps by the block size. Hand-written SQL: the ORM has no call for a
     * sequence (docs/adr/021).
     */
    async drawReferenceBlock(): Promise<ReferenceBlock> {
      const [row] = await em.execute<Array<{ first: string; size: string }>>(
        `select nextval(s.seq) as first, p.increment_by as size
           from (select pg_get_serial_sequence('claim', 'reference') as seq) s
           join pg_sequences p on format('%I.%I', p.schemaname, p.sequencename) = s.seq`,
      );
      return { first: Number(row!.first), size: Number(row!.size) };
    },
  };
}

export type ClaimRepository = ReturnType<typeof claimRepository>;
