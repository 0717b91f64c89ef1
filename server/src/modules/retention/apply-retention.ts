import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { FileStorage } from '../files/storage.ts';
import { recordRetentionRemovals } from '../metrics/metrics.ts';
import { DATA_CLASS_RULES, DATA_CLASSES, type DataClass } from './data-classes.ts';
import { removeBytes, removeClaimData } from './remove-claim-data.ts';

/** Claims per class per batch: each claim is its own short transaction. */
export const RETENTION_BATCH = 50;

/** Batches per class per run: a backlog (the first run on years of claims) drains over runs. */
const BATCHES_PER_RUN = 20;

const DAYS: Record<DataClass, keyof Config['retention']> = {
  id_documents: 'idDocumentsDays',
  ticket_images: 'ticketImagesDays',
  personal_data: 'personalDataDays',
};

/**
 * Removes each class of data of paid and rejected claims once its days have passed since the
 * claim reached that step (docs/adr/022). Open claims are never touched: only a final step
 * qualifies, and a final step is never left. Small batches of one short transaction per claim,
 * so no claimant call waits behind it; `now` is the clock (tests move it).
 */
export async function applyRetention(
  em: EntityManager,
  storage: Pick<FileStorage, 'remove'>,
  retention: Config['retention'],
  logger: Logger,
  now: Date = new Date(),
): Promise<Record<DataClass, number>> {
  const counts = { id_documents: 0, ticket_images: 0, personal_data: 0 };
  for (const dataClass of DATA_CLASSES) {
    const { column } = DATA_CLASS_RULES[dataClass];
    const cutoff = new Date(now.getTime() - retention[DAYS[dataClass]] * 86_400_000);
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const due = await em
        .fork()
        .getConnection()
        .execute<Array<{ claim_id: string }>>(
          `select claim_id from claim_process
            where step in ('paid', 'rejected') and ${column} is null and updated_at <= ?
            order by updated_at limit ?`,
          [cutoff, RETENTION_BATCH],
        );
      for (const { claim_id: claimId } of due) {
        const keys = await em
          .fork()
          .transactional((tx) => removeClaimData(tx, claimId, [dataClass], now));
        await removeBytes(storage, keys);
      }
      counts[dataClass] += due.length;
      if (due.length < RETENTION_BATCH) break;
    }
    recordRetentionRemovals(dataClass, counts[dataClass]);
  }
  if (counts.id_documents || counts.ticket_images || counts.personal_data)
    logger.info(counts, 'retention: data of closed claims removed');
  return counts;
}
