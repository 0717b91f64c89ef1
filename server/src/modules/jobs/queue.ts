import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

export const PURGE_QUEUE = 'purge-expired-claims';
export const RECONCILE_QUEUE = 'reconcile-storage';
export const SANITIZE_QUEUE = 'sanitize-file';

export interface QueueOptions {
  databaseUrl: string;
  logger: Logger;
  /** pg-boss's schema. Every process of one service shares it (the default); tests isolate theirs. */
  schema?: string;
}

/** pg-boss in PostgreSQL: jobs survive restarts and are shared by every server process. */
export async function startQueue({ databaseUrl, logger, schema }: QueueOptions): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, ...(schema ? { schema } : {}) });
  boss.on('error', (error: Error) =>
    logger.warn({ err: { type: error.name, message: error.message } }, 'job queue error'),
  );
  await boss.start();
  await boss.createQueue(PURGE_QUEUE, { retryLimit: 2 });
  await boss.createQueue(RECONCILE_QUEUE, { retryLimit: 2 });
  await boss.createQueue(SANITIZE_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
  return boss;
}
