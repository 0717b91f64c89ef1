import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { FileStorage } from './storage.ts';

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
  const rows = await em
    .getConnection()
    .execute<Array<{ storage_key: string }>>('select storage_key from uploaded_file');
  const known = new Set(rows.map((row) => row.storage_key));
  let orphansRemoved = 0;
  // One listing of the store against the rows: no request per file, which an object store bills.
  const stored = new Set<string>();
  for await (const file of storage.list()) {
    stored.add(file.key);
    if (!known.has(file.key) && file.modifiedAt.getTime() <= cutoff) {
      await storage.remove(file.key);
      orphansRemoved++;
    }
  }
  let missingBytes = 0;
  for (const key of known) if (!stored.has(key)) missingBytes++;
  if (tempRemoved || orphansRemoved || missingBytes)
    logger.warn({ tempRemoved, orphansRemoved, missingBytes }, 'storage reconciled');
  return { tempRemoved, orphansRemoved, missingBytes };
}
