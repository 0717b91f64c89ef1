import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { PgBoss } from 'pg-boss';
import type { GaugeSources } from './metrics.ts';

/** The scrape-time readings: two small queries and the pools' own counters. */
export function gaugeSources(
  em: EntityManager,
  boss: Pick<PgBoss, 'getQueues'>,
  pools: Record<string, Pick<Pool, 'waitingCount'>>,
): GaugeSources {
  return {
    async outbox() {
      const [row] = await em
        .fork()
        .getConnection()
        .execute<Array<{ depth: string; oldest: number | null }>>(
          `select count(*) as depth, extract(epoch from now() - min(created_at))::float8 as oldest
             from email_outbox where sent_at is null and failed_at is null`,
        );
      return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
    },
    async jobQueues() {
      const queues = await boss.getQueues();
      return queues.map((queue) => ({ queue: queue.name, queued: queue.queuedCount }));
    },
    poolWaiting() {
      return Object.entries(pools).map(([pool, { waitingCount }]) => ({
        pool,
        waiting: waitingCount,
      }));
    },
  };
}
