import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { PayloadTooLargeError } from '../../http/errors.ts';
import { ClaimSchema, UploadedFileSchema } from '../claim/claim.entity.ts';
import { fileReferencedSql } from '../files/file-references.ts';

/**
 * Files of one type kept for a claim (or an info request): the newest, and the one before it, so
 * a claimant who picks a second photo while the first is still uploading can submit either uuid.
 */
export const KEPT_PER_TYPE = 2;

export const UPLOAD_BUDGET_SPENT =
  'The files uploaded for this claim are too large in total. Please upload smaller images.';

/** Whose files an upload joins: a claim's own (infoRequestId null) or one info request's. */
export interface UploadTarget {
  claimId: string;
  infoRequestId: string | null;
}

interface KeptFile {
  id: string;
  type: string;
  size: number | string;
  storage_key: string;
  referenced: boolean;
}

/**
 * Makes room for a new upload of `size` bytes and `type`, inside the transaction that inserts its
 * row: the oldest files of the type beyond KEPT_PER_TYPE are deleted (never one that a submission
 * names), all earlier ones of the type when that is what it takes to stay within `budget` bytes,
 * and 413 when even that is not enough. One token then holds at most 4 types x KEPT_PER_TYPE
 * files and `budget` bytes, however many uploads it sends.
 * Returns the storage keys of the deleted rows: their bytes go after commit (a crash before
 * leaves them to the storage reconciliation, which removes bytes without a row).
 */
export async function makeRoomForUpload(
  tx: EntityManager,
  target: UploadTarget,
  type: string,
  size: number,
  budget: number,
): Promise<string[]> {
  // Uploads for one claim take turns from here to commit: two never both fit the last of the budget.
  await tx.findOne(
    ClaimSchema,
    { id: target.claimId },
    { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
  );
  // Hand-written: whether a submission names each file is a condition on two tables' JSON.
  const files = await tx.execute<KeptFile[]>(
    `select f.id, f.type, f.size, f.storage_key, ${fileReferencedSql('f')} as referenced
       from uploaded_file f where f.claim_id = :claimId and f.info_request_id is not distinct from :infoRequestId::uuid
      order by f.created_at desc, f.id`,
    { claimId: target.claimId, infoRequestId: target.infoRequestId },
  );
  const sameType = files.filter((file) => file.type === type && !file.referenced);
  const bytesWithout = (gone: KeptFile[]): number =>
    files.filter((file) => !gone.includes(file)).reduce((sum, file) => sum + Number(file.size), 0);
  let superseded = sameType.slice(KEPT_PER_TYPE - 1);
  // Short of room, the new file replaces every earlier one of its type: re-uploading a photo always fits if one per type does.
  if (bytesWithout(superseded) + size > budget) superseded = sameType;
  if (bytesWithout(superseded) + size > budget) throw new PayloadTooLargeError(UPLOAD_BUDGET_SPENT);
  if (superseded.length)
    await tx.nativeDelete(UploadedFileSchema, { id: { $in: superseded.map((file) => file.id) } });
  return superseded.map((file) => file.storage_key);
}
