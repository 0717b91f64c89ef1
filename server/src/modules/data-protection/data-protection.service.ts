import type { Readable } from 'node:stream';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import { ClaimSchema } from '../claim/claim.entity.ts';
import { ClaimProcessSchema } from '../claim-process/claim-process.entity.ts';
import type { FileStorage } from '../files/storage.ts';
import { DATA_CLASSES } from '../retention/data-classes.ts';
import { removeBytes, removeClaimData } from '../retention/remove-claim-data.ts';
import { recordStaffAudit } from '../staff/audit/staff-audit.ts';
import type { StaffPrincipal } from '../staff/auth/staff-principal.ts';
import { claimArchive } from './claim-archive.ts';
import {
  dataSubjectRepository,
  type DataSubjectClaim as StoredClaim,
  type StoredFile,
} from './data-subject.repository.ts';

export const NO_CLAIMS_FOR_EMAIL = 'No claim holds this e-mail address.';
export const CLAIM_NOT_FOUND = 'Claim not found.';
export const CLAIM_STILL_OPEN =
  'This claim is still in the process. Its personal data can be erased once it is paid or rejected.';

type DataSubjectClaim = components['schemas']['DataSubjectClaim'];

const FINAL = new Set(['paid', 'rejected']);

function summary(row: StoredClaim): DataSubjectClaim {
  const amount = row.details?.prizeAmountPence;
  return {
    ...(row.hashid ? { reference: row.hashid } : {}),
    status: row.status as DataSubjectClaim['status'],
    ...(row.status === 'submitted'
      ? { step: (row.step ?? 'submitted') as DataSubjectClaim['step'] }
      : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.submittedAt ? { submittedAt: row.submittedAt.toISOString() } : {}),
    ...(typeof amount === 'number' ? { prizeAmountPence: amount } : {}),
    erasable: row.status === 'submitted' && FINAL.has(row.step ?? ''),
  };
}

export interface DataProtectionDependencies {
  em: EntityManager;
  storage: Pick<FileStorage, 'open' | 'remove'>;
  clock?: () => Date;
}

/** A claimant's rights handled by Winner Services (docs/adr/022): find, export, erase. Each is audited. */
export function dataProtectionService({
  em: rootEm,
  storage,
  clock = () => new Date(),
}: DataProtectionDependencies) {
  const fresh = () => rootEm.fork();

  /**
   * An image's bytes under the key its row holds now: the re-encoder stores a checked image
   * under a new key and removes the old one, possibly after the export read the row.
   */
  async function openCurrent(
    repository: ReturnType<typeof dataSubjectRepository>,
    file: StoredFile,
  ): Promise<Readable> {
    try {
      return await storage.open(file.storageKey);
    } catch (error) {
      const current = await repository.storageKeyOf(file.id);
      if (!current || current === file.storageKey) throw error;
      return storage.open(current);
    }
  }

  return {
    /** The claims holding an e-mail address; the search is audited without the address. */
    async search(email: string, staff: StaffPrincipal) {
      const em = fresh();
      const rows = await dataSubjectRepository(em).claimsFor(email);
      recordStaffAudit(em, {
        staffId: staff.id,
        action: 'data_protection.searched',
        detail: { claimsFound: rows.length },
      });
      await em.flush();
      return { items: rows.map(summary) };
    },

    /** One archive of every claim holding the address; each claim's export is audited before a byte is sent. */
    async export(email: string, staff: StaffPrincipal): Promise<Readable> {
      const em = fresh();
      const repository = dataSubjectRepository(em);
      const rows = await repository.claimsFor(email);
      if (!rows.length) throw new NotFoundError(NO_CLAIMS_FOR_EMAIL);
      const claims = [];
      for (const claim of rows) claims.push({ claim, record: await repository.record(claim.id) });
      for (const claim of rows)
        recordStaffAudit(em, { staffId: staff.id, action: 'claim.exported', claimId: claim.id });
      await em.flush();
      return claimArchive(claims, (file) => openCurrent(repository, file));
    },

    /**
     * Erases a closed claim's personal data, ID documents and ticket images at once, with the
     * reason in the staff audit; refused (409) while the claim is in the process. The claim's row
     * lock orders it with a step change of the same claim.
     */
    async erase(hashid: string, reason: string, staff: StaffPrincipal) {
      const at = clock();
      const { keys, removedAt } = await fresh().transactional(async (tx) => {
        const claim = await tx.findOne(
          ClaimSchema,
          { hashid, status: 'submitted' },
          { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!claim) throw new NotFoundError(CLAIM_NOT_FOUND);
        const process = await tx.findOne(ClaimProcessSchema, { claim: claim.id });
        if (!process || !FINAL.has(process.step)) throw new ConflictError(CLAIM_STILL_OPEN);
        const removed = await removeClaimData(tx, claim.id, DATA_CLASSES, at, 'none');
        recordStaffAudit(tx, {
          staffId: staff.id,
          action: 'claim.personal_data_erased',
          claimId: claim.id,
          detail: { reason: reason.trim() },
        });
        // An earlier erasure (or the retention schedule) keeps its own time.
        return { keys: removed, removedAt: process.personalDataRemovedAt ?? at };
      });
      await removeBytes(storage, keys);
      return { reference: hashid, personalDataRemovedAt: removedAt.toISOString() };
    },
  };
}

export type DataProtectionService = ReturnType<typeof dataProtectionService>;
