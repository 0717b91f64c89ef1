import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { fileReferencedJoinedSql } from '../files/file-references.ts';
import type { FileStorage } from '../files/storage.ts';
import { draftRepository } from '../draft/draft.repository.ts';
import { claimStatusOpenSql } from './claim.conditions.ts';
import { claimClockRunningSql, inactivityLimitSeconds } from './claim.lifetime.ts';

/**
 * Claims left unfinished expire, and an expired claim's personal data and uploaded files are
 * deleted; what stays (status, timestamps, audit trail) identifies no one.
 */
export async function expireAndPurgeClaims(
  em: EntityManager,
  storage: FileStorage,
  inactivityMinutes: number,
  logger: Logger,
): Promise<number> {
  const connection = em.getConnection();
  await connection.execute(
    `update claim c set status = 'expired' where ${claimStatusOpenSql('c')} and not ${claimClockRunningSql('c', '?')}`,
    [inactivityLimitSeconds(inactivityMinutes)],
  );
  const expired = await connection.execute<{ id: string }[]>(
    `select id from claim where status = 'expired' limit 200`,
  );
  for (const { id } of expired) {
    const files = await connection.execute<{ id: string; storage_key: string }[]>(
      'select id, storage_key from uploaded_file where claim_id = ?',
      [id],
    );
    // Bytes first: a crash after this leaves rows whose bytes are gone, which the next run deletes.
    for (const file of files) await storage.remove(file.storage_key);
    await em.transactional(async (tx) => {
      const inTx = tx.getConnection();
      const context = tx.getTransactionContext();
      await inTx.execute('delete from uploaded_file where claim_id = ?', [id], 'run', context);
      await draftRepository(tx).forget([id]);
      await inTx.execute(
        'update identity_check set personal_details = null where claim_id = ?',
        [id],
        'run',
        context,
      );
      await inTx.execute(
        `update claim set status = 'purged', email = null, purged_at = now() where id = ?`,
        [id],
        'run',
        context,
      );
      await inTx.execute(
        `insert into audit_event (claim_id, event) values (?, 'claim.purged')`,
        [id],
        'run',
        context,
      );
    });
  }
  if (expired.length) logger.info({ purged: expired.length }, 'expired claims purged');
  return expired.length;
}

/**
 * Uploads that no submission names, once nothing can name them any more: a submitted claim's
 * unused uploads (replaced photos, ID documents it did not need), and the uploads of an info
 * request that was answered without them, replaced by a newer request, or left to expire. An
 * expired claim's files go with it (above). What stays is only what the operator is shown.
 * Files under an hour old are left alone, as the storage reconciliation leaves them: what was
 * just uploaded or answered settles first. Rows go first, in one statement, and their bytes
 * after: a crash in between leaves bytes without a row, which the daily reconciliation removes.
 *
 * Only uploads of the last UNUSED_UPLOAD_WINDOW_DAYS are looked at (issue 35): an upload becomes
 * disposable when its claim is submitted or its info request closes, within the claim's or the
 * request's lifetime of its upload (days), and is deleted by the next run; older files are all
 * evidence, and reading them every 5 minutes read every file kept (millions at a million claims).
 * The window leaves weeks for a stopped maintenance job to catch up. Each file's claim and info
 * request are read by their keys (lateral, one row each), and the rows deleted by theirs: as
 * joins, PostgreSQL hashed every claim and info request to find 500 files.
 */
export async function purgeUnreferencedUploads(
  em: EntityManager,
  storage: FileStorage,
  logger: Logger,
): Promise<number> {
  const purged = await em.getConnection().execute<Array<{ storage_key: string }>>(
    `delete from uploaded_file f
      where f.id = any(array(select u.id from uploaded_file u
                       cross join lateral (select c.status, c.details from claim c where c.id = u.claim_id limit 1) c
                       left join lateral (select r.status, r.submission, r.expires_at from info_request r
                                           where r.id = u.info_request_id limit 1) r on true
                      where u.created_at < now() - interval '1 hour'
                        and u.created_at > now() - make_interval(days => ${UNUSED_UPLOAD_WINDOW_DAYS})
                        and not ${fileReferencedJoinedSql('u', 'c', 'r')}
                        and ((u.info_request_id is null and c.status = 'submitted')
                             or coalesce(r.status <> 'open' or r.expires_at <= now(), false))
                      limit 500))
      returning f.storage_key`,
  );
  // Rows are gone already: bytes a failing store (a bucket outage) keeps go with the reconciliation.
  let kept = 0;
  for (const file of purged) await storage.remove(file.storage_key).catch(() => kept++);
  if (purged.length)
    logger.info(
      { purged: purged.length, bytesLeftToReconciliation: kept || undefined },
      'uploads no submission uses purged',
    );
  return purged.length;
}

/** How far back the unused-upload purge looks (see purgeUnreferencedUploads). */
export const UNUSED_UPLOAD_WINDOW_DAYS = 60;

/** Drafts nobody came back to within their inactivity minutes (docs/adr/015). */
export async function deleteExpiredDrafts(em: EntityManager): Promise<number> {
  return draftRepository(em).deleteExpired();
}
