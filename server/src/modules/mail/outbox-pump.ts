import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { errorFields } from '../../infra/error-fields.ts';
import type { Mailer } from './mailer.ts';
import { sendOutboxRows, strandedIds, type BatchOutcome } from './outbox-sender.ts';

/**
 * Rows leased and sent together: one lease and one mark statement per batch. Under load each
 * statement is a round trip that costs the database more than the rows in it, so a busy process
 * gathers bigger batches.
 */
const BATCH = 50;
/** Stranded rows read per scan of the table, then sent in batches. */
const STRANDED_PER_SCAN = 1000;
/** How long the first row of a batch waits for others, so a burst of claims shares statements. */
const GATHER_MS = 10;
const MAX_RETRY_DELAY_SECONDS = 600;
/** Failed rows remembered for retry; beyond this (a long SMTP outage) the stranded sweep takes them. */
const MAX_RETRYING = 10_000;

export interface OutboxPumpOptions {
  pool: Pool;
  mailer: Mailer;
  logger: Logger;
  /** Delay before the first retry of a failed e-mail, doubled each time up to ten minutes. */
  retryDelaySeconds: number;
  /** Failed rows remembered for retry (default 10,000); the stranded sweep sends the others. */
  maxRetrying?: number;
  /** Stranded rows read per scan of the table (default 1,000). */
  strandedPerScan?: number;
}

/** Sends the e-mails a process commits to `email_outbox` (docs/adr/007). */
export interface OutboxPump {
  /** A committed outbox row for this process to send now, and again after failures. */
  send(outboxId: string): void;
  /** Sends the rows stopped processes left (maintenance calls it); returns how many went out. */
  sendStranded(): Promise<number>;
  /** Lets the batch on the wire finish; what is still queued is left to the stranded sweep. */
  stop(): Promise<void>;
}

/**
 * The outbox table is the durable queue; this process only remembers which of its own rows to
 * send next. That keeps each e-mail to the row written with its claim plus a share of two batch
 * statements, where a job row per e-mail (insert, fetch, complete) had tripled the database work.
 * If the process stops, its unsent rows are still in the table and `sendStranded` takes them.
 */
export function outboxPump({
  pool,
  mailer,
  logger,
  retryDelaySeconds,
  maxRetrying = MAX_RETRYING,
  strandedPerScan = STRANDED_PER_SCAN,
}: OutboxPumpOptions): OutboxPump {
  const ready = new Set<string>();
  const failures = new Map<string, number>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let running: Promise<void> | undefined;
  let gathering: NodeJS.Timeout | undefined;
  let stopped = false;

  const kick = (): void => {
    if (stopped || running || gathering) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      running = drain().finally(() => {
        running = undefined;
        if (ready.size) kick();
      });
    }, GATHER_MS);
  };

  const retryLater = (id: string): void => {
    if (retryTimers.size >= maxRetrying) {
      failures.delete(id);
      logger.debug('e-mail left to the stranded sweep: retry memory full');
      return;
    }
    const failed = (failures.get(id) ?? 0) + 1;
    failures.set(id, failed);
    const delay = Math.min(retryDelaySeconds * 2 ** (failed - 1), MAX_RETRY_DELAY_SECONDS) * 1000;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      ready.add(id);
      kick();
    }, delay);
    retryTimers.add(timer);
  };

  const report = (outcome: BatchOutcome, what: string): void => {
    if (outcome.refused.length)
      logger.warn(
        { refused: outcome.refused.length, err: errorFields(outcome.error) },
        `${what} refused for good by the SMTP server; marked failed`,
      );
    if (outcome.failed.length) {
      logger.warn(
        {
          failed: outcome.failed.length,
          sent: outcome.sent.length,
          err: errorFields(outcome.error),
        },
        `${what} not sent; will retry`,
      );
    } else logger.debug({ sent: outcome.sent.length, skipped: outcome.skipped }, what);
  };

  async function drain(): Promise<void> {
    while (ready.size && !stopped) {
      const ids = [...ready].slice(0, BATCH);
      for (const id of ids) ready.delete(id);
      try {
        const outcome = await sendOutboxRows(pool, mailer, ids);
        const failed = new Set(outcome.failed);
        // Sent, refused for good (marked failed) or taken by another process: nothing to retry.
        for (const id of ids)
          if (failed.has(id)) retryLater(id);
          else failures.delete(id);
        report(outcome, 'e-mails');
      } catch (error) {
        // The database is unreachable: nothing was leased, so each row is simply tried again.
        logger.warn(
          { rows: ids.length, err: errorFields(error) },
          'e-mail batch failed; will retry',
        );
        for (const id of ids) retryLater(id);
      }
    }
  }

  return {
    send(outboxId) {
      ready.add(outboxId);
      kick();
    },
    async sendStranded() {
      let total = 0;
      for (;;) {
        const ids = await strandedIds(pool, strandedPerScan);
        for (let at = 0; at < ids.length; at += BATCH) {
          const outcome = await sendOutboxRows(pool, mailer, ids.slice(at, at + BATCH));
          total += outcome.sent.length;
          if (outcome.sent.length || outcome.failed.length || outcome.refused.length)
            report(outcome, 'stranded e-mails');
          // A batch that only failed for now looks like an outage: stop until the next sweep. Rows
          // refused for good are marked failed and never block what follows them; rows failed for
          // now wait their back-off (retry_at), so the next sweep starts past them.
          if ((outcome.failed.length && !outcome.sent.length && !outcome.refused.length) || stopped)
            return total;
        }
        if (ids.length < strandedPerScan) return total;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(gathering);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await running;
    },
  };
}
