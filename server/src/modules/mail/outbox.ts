import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { JobSender } from '../jobs/job-sender.ts';
import { EMAIL_QUEUE } from '../jobs/queue.ts';
import { MAIL_CONNECTIONS, type Mailer } from './mailer.ts';
import type { EmailContent } from './templates.ts';

/**
 * E-mails are written to `email_outbox` in the same transaction as the change that causes them,
 * then a pg-boss job (retried with backoff) sends each one. An SMTP outage delays mail and loses
 * none; a sent message's recipient and body (which can hold a link token) are wiped.
 */
export async function addToOutbox(em: EntityManager, kind: string, to: string, content: EmailContent): Promise<string> {
  const id = randomUUID();
  await em.getConnection().execute(
    'insert into email_outbox (id, kind, recipient, subject, text_body, html_body) values (?, ?, ?, ?, ?, ?)',
    [id, kind, to, content.subject, content.text, content.html],
    'run',
    em.getTransactionContext(),
  );
  return id;
}

/** Queues the sending job; the job is keyed by the outbox row so re-queueing never duplicates it. */
export async function queueSending(jobs: JobSender, outboxId: string): Promise<void> {
  await jobs.send(EMAIL_QUEUE, outboxId, { outboxId });
}

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/**
 * Sends one outbox row at most once: the row is locked while it is sent, and a row already sent
 * (or being sent by another process) is skipped. A failure is thrown for pg-boss to retry.
 */
export async function sendFromOutbox(em: EntityManager, mailer: Mailer, outboxId: string): Promise<'sent' | 'skipped'> {
  // Counted outside the sending transaction, so failed attempts are recorded too.
  await em.getConnection().execute('update email_outbox set attempts = attempts + 1 where id = ? and sent_at is null', [outboxId], 'run');
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const rows = await connection.execute<OutboxRow[]>(
      'select recipient, subject, text_body, html_body from email_outbox where id = ? and sent_at is null for update skip locked',
      [outboxId],
      'all',
      context,
    );
    const row = rows[0];
    if (!row) return 'skipped';
    await mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body });
    await connection.execute(
      'update email_outbox set sent_at = now(), recipient = null, subject = null, text_body = null, html_body = null where id = ?',
      [outboxId],
      'run',
      context,
    );
    return 'sent';
  });
}

/** Rows whose job was lost (a crash between commit and queueing): queued again by the sweeper. */
export async function unsentOutboxIds(em: EntityManager, olderThanSeconds: number): Promise<string[]> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `select id from email_outbox where sent_at is null and created_at < now() - make_interval(secs => ?) limit 500`,
      [olderThanSeconds],
    );
  return rows.map((row) => row.id);
}

export async function startEmailWorker(boss: PgBoss, em: EntityManager, mailer: Mailer, logger: Logger): Promise<void> {
  // A batch is sent concurrently over the pooled transport (as many as its connections: each send
  // holds a database connection for its row lock, so a hanging SMTP server can hold only 4 of the
  // pool's 20). One failure fails the batch for pg-boss to retry; rows already sent are skipped
  // then (sendFromOutbox), so none goes twice.
  await boss.work<{ outboxId: string }>(EMAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: MAIL_CONNECTIONS }, async (jobs) => {
    const outcomes = await Promise.allSettled(
      jobs.map(async (job) => {
        try {
          const outcome = await sendFromOutbox(em.fork(), mailer, job.data.outboxId);
          logger.info({ outboxId: job.data.outboxId, outcome }, 'email job');
        } catch (error) {
          logger.warn({ outboxId: job.data.outboxId, err: { type: (error as Error).name, code: (error as { code?: string }).code } }, 'email not sent; will retry');
          throw error;
        }
      }),
    );
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  });
}
