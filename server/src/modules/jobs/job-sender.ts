import DataLoader from 'dataloader';
import type { PgBoss } from 'pg-boss';

/** Queues one job per key (a job already queued under the key is not queued twice). */
export interface JobSender {
  send(queue: string, key: string, data: object): Promise<void>;
}

export interface BatchOptions {
  /** How long a job waits for others to share its INSERT. */
  delayMs?: number;
  maxBatch?: number;
}

/**
 * Jobs queued by concurrent requests share one INSERT: DataLoader gathers what arrives within
 * `delayMs`, and pg-boss's `insert` writes the batch with the queue's retry policy. Under
 * concurrent uploads this turns one statement per image into one per batch.
 * A batch that fails rejects every caller; callers treat queueing as best effort, because the
 * maintenance sweep queues any committed file left without a job.
 */
export function batchingJobSender(
  boss: PgBoss,
  { delayMs = 2, maxBatch = 200 }: BatchOptions = {},
): JobSender {
  const loaders = new Map<string, DataLoader<{ key: string; data: object }, void>>();
  const loaderFor = (queue: string) => {
    let loader = loaders.get(queue);
    if (!loader) {
      loader = new DataLoader(
        async (jobs) => {
          await boss.insert(
            queue,
            jobs.map(({ key, data }) => ({ data, singletonKey: key })),
          );
          return jobs.map(() => undefined);
        },
        {
          cache: false,
          maxBatchSize: maxBatch,
          batchScheduleFn: (run) => setTimeout(run, delayMs),
        },
      );
      loaders.set(queue, loader);
    }
    return loader;
  };
  return {
    send: (queue, key, data) => loaderFor(queue).load({ key, data }),
  };
}
