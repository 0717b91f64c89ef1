import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailContent } from './templates.ts';

/**
 * E-mails are written to `email_outbox` in the same transaction as the change that causes them;
 * after commit the outbox pump sends them, retrying with backoff (outbox-pump.ts). An SMTP outage
 * delays mail and loses none; a sent message's recipient and body (which can hold a link token)
 * are wiped.
 */
export async function addToOutbox(
  em: EntityManager,
  kind: string,
  to: string,
  content: EmailContent,
): Promise<string> {
  const id = randomUUID();
  await em
    .getConnection()
    .execute(
      'insert into email_outbox (id, kind, recipient, subject, text_body, html_body) values (?, ?, ?, ?, ?, ?)',
      [id, kind, to, content.subject, content.text, content.html],
      'run',
      em.getTransactionContext(),
    );
  return id;
}

/**
 * Sent rows and rows the SMTP server refused for good (both wiped of recipient and body) are kept
 * this long: when each e-mail went out, or why it never will.
 */
const SENT_ROWS_KEPT_DAYS = 7;

/** Deletes sent and refused rows older than SENT_ROWS_KEPT_DAYS (maintenance), so the table does not grow for ever. */
export async function deleteSentEmails(
  em: EntityManager,
  olderThanDays = SENT_ROWS_KEPT_DAYS,
): Promise<number> {
  const deleted = await em
    .getConnection()
    .execute<{ affectedRows: number }>(
      'delete from email_outbox where sent_at < now() - make_interval(days => ?) or failed_at < now() - make_interval(days => ?)',
      [olderThanDays, olderThanDays],
      'run',
    );
  return deleted.affectedRows;
}
