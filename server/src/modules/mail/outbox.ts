import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobSender } from '../jobs/job-sender.ts';
import { EMAIL_QUEUE } from '../jobs/queue.ts';
import type { EmailContent } from './templates.ts';

/**
 * E-mails are written to `email_outbox` in the same transaction as the change that causes them,
 * then a pg-boss job (retried with backoff) sends each one (outbox-sender.ts). An SMTP outage
 * delays mail and loses none; a sent message's recipient and body (which can hold a link token)
 * are wiped.
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
