import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { UploadedFileSchema } from '../claim/claim.entity.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * After a crash, storage and the database may disagree: an upload killed mid-stream leaves a
 * temporary file, and one killed between storing its bytes and inserting its row leaves bytes
 * with no row. Rows always follow their bytes (bytes are stored first), so rows without bytes can
 * only come from outside interference; they are reported, not hidden. Only files older than
 * `graceMs` are touched, so uploads in flight are left alone.
 */
export async function reconcileStorage(
  em: EntityManager,
  storage: FileStorage,
  logger: Logger,
  graceMs = 60 * 60_000,
): Promise<{ tempRemoved: number; orphansRemoved: number; missingBytes: number }> {
  const cutoff = Date.now() - graceMs;
  let tempRemoved = 0;
  for await (const temp of storage.listTemp()) {
    if (temp.modifiedAt.getTime() <= cutoff) {
      await storage.discard(temp.path);
      tempRemoved++;
    }
  }
  // The store's listing is checked against the rows a batch at a time, by key (an index): the
  // rows are never all held at once (millions of keys at a million claims, issue 35). Keys are
  // unique, so the rows whose bytes are missing are the rows less those a stored file matched.
  let orphansRemoved = 0;
  let matched = 0;
  const checkBatch = async (batch: Array<{ key: string; modifiedAt: Date }>) => {
    const found = await em.find(
      UploadedFileSchema,
      { storageKey: { $in: batch.map((file) => file.key) } },
      { fields: ['storageKey'], disableIdentityMap: true },
    );
    const known = new Set(found.map((row) => row.storageKey));
    matched += known.size;
    for (const file of batch) {
      if (!known.has(file.key) && file.modifiedAt.getTime() <= cutoff) {
        await storage.remove(file.key);
        orphansRemoved++;
      }
    }
  };
  // One listing of the store against the rows: no request per file, which an object store bills.
  let batch: Array<{ key: string; modifiedAt: Date }> = [];
  for await (const file of storage.list()) {
    batch.push(file);
    if (batch.length === RECONCILE_BATCH) {
      await checkBatch(batch);
      batch = [];
    }
  }
  if (batch.length) await checkBatch(batch);
  // Rows a purge deleted during the listing could take this below 0: it is a report, not a count.
  const missingBytes = Math.max(0, (await em.count(UploadedFileSchema)) - matched);
  if (tempRemoved || orphansRemoved || missingBytes)
    logger.warn({ tempRemoved, orphansRemoved, missingBytes }, 'storage reconciled');
  return { tempRemoved, orphansRemoved, missingBytes };
}

/** Stored files checked against the rows per query. */
const RECONCILE_BATCH = 1000;
