import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { FileStorage } from '../files/storage.ts';
import { draftRepository } from '../draft/draft.repository.ts';
import { claimClockRunningSql, inactivityLimitSeconds } from './claim.lifetime.ts';

/**
 * Claims left unfinished expire, and an expired claim's personal data and uploaded files are
 * deleted; what stays (status, timestamps, audit trail) identifies no one.
 */
export async function expireAndPurgeClaims(em: EntityManager, storage: FileStorage, inactivityMinutes: number, logger: Logger): Promise<number> {
  const connection = em.getConnection();
  await connection.execute(
    `update claim c set status = 'expired' where c.status in ('started', 'verified') and not ${claimClockRunningSql('c', '?')}`,
    [inactivityLimitSeconds(inactivityMinutes)],
  );
  const expired = await connection.execute<{ id: string }[]>(`select id from claim where status = 'expired' limit 200`);
  for (const { id } of expired) {
    const files = await connection.execute<{ id: string; storage_key: string }[]>('select id, storage_key from uploaded_file where claim_id = ?', [id]);
    // Bytes first: a crash after this leaves rows whose bytes are gone, which the next run deletes.
    for (const file of files) await storage.remove(file.storage_key);
    await em.transactional(async (tx) => {
      const inTx = tx.getConnection();
      const context = tx.getTransactionContext();
      await inTx.execute('delete from uploaded_file where claim_id = ?', [id], 'run', context);
      await draftRepository(tx).forget([id]);
      await inTx.execute('update identity_check set personal_details = null where claim_id = ?', [id], 'run', context);
      await inTx.execute(`update claim set status = 'purged', email = null, purged_at = now() where id = ?`, [id], 'run', context);
      await inTx.execute(`insert into audit_event (claim_id, event) values (?, 'claim.purged')`, [id], 'run', context);
    });
  }
  if (expired.length) logger.info({ purged: expired.length }, 'expired claims purged');
  return expired.length;
}

/** Drafts nobody came back to within their inactivity minutes (docs/adr/015). */
export async function deleteExpiredDrafts(em: EntityManager): Promise<number> {
  return draftRepository(em).deleteExpired();
}
