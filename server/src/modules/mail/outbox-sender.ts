import type { Pool } from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { EMAIL_QUEUE } from '../jobs/queue.ts';
import type { Mailer } from './mailer.ts';

/** Longer than any one SMTP attempt (the transport gives up after 20 s of silence). */
const LEASE_SECONDS = 60;
/** Jobs fetched at once: their rows are leased and marked sent by one statement each. */
const BATCH = 20;

interface LeasedRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/**
 * Takes the unsent rows among `ids` for this process: each is leased for LEASE_SECONDS and its
 * attempt counted. A row already sent, or leased by another process, is not returned, so two
 * workers never send one message twice. No transaction stays open while SMTP talks.
 */
async function lease(pool: Pool, ids: string[]): Promise<LeasedRow[]> {
  const { rows } = await pool.query<LeasedRow>({
    name: 'outbox.lease',
    text: `update email_outbox set attempts = attempts + 1, lease_until = now() + make_interval(secs => $2)
            where id = any($1::uuid[]) and sent_at is null and (lease_until is null or lease_until < now())
           returning id, recipient, subject, text_body, html_body`,
    values: [ids, LEASE_SECONDS],
  });
  return rows;
}

/** Sent: the recipient and the body (which can hold a link token) are wiped. */
async function markSent(pool: Pool, ids: string[]): Promise<void> {
  await pool.query({
    name: 'outbox.sent',
    text: `update email_outbox set sent_at = now(), lease_until = null, recipient = null, subject = null, text_body = null, html_body = null
            where id = any($1::uuid[])`,
    values: [ids],
  });
}

/** Not sent: the lease is dropped so pg-boss's retry can take the row at once. */
async function release(pool: Pool, ids: string[]): Promise<void> {
  await pool.query({ name: 'outbox.release', text: 'update email_outbox set lease_until = null where id = any($1::uuid[]) and sent_at is null', values: [ids] });
}

/**
 * Sends the outbox rows of a batch of jobs over the pooled transport. Rows that fail are released
 * and the batch is thrown back for pg-boss to retry with backoff; the rows sent meanwhile are then
 * skipped, so each message goes out once. A crash between SMTP's acceptance and `markSent` sends
 * that message again once its lease ends: at least once, never lost.
 */
export async function sendOutboxBatch(pool: Pool, mailer: Mailer, outboxIds: string[]): Promise<{ sent: number; failed: number; skipped: number }> {
  const rows = await lease(pool, outboxIds);
  const outcomes = await Promise.allSettled(rows.map((row) => mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body })));
  const sent = rows.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((row) => row.id);
  const failed = rows.filter((_, i) => outcomes[i]!.status === 'rejected').map((row) => row.id);
  if (sent.length) await markSent(pool, sent);
  if (failed.length) {
    await release(pool, failed);
    throw (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason;
  }
  return { sent: sent.length, failed: failed.length, skipped: outboxIds.length - rows.length };
}

export async function startEmailWorker(boss: PgBoss, pool: Pool, mailer: Mailer, logger: Logger): Promise<void> {
  await boss.work<{ outboxId: string }>(EMAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: BATCH, burstWhenBatchFull: true }, async (jobs) => {
    try {
      const outcome = await sendOutboxBatch(pool, mailer, jobs.map((job) => job.data.outboxId));
      logger.info(outcome, 'email jobs');
    } catch (error) {
      logger.warn({ jobs: jobs.length, err: { type: (error as Error).name, code: (error as { code?: string }).code } }, 'e-mail not sent; will retry');
      throw error;
    }
  });
}
