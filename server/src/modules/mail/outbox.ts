import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutboxSchema } from './email-outbox.entity.ts';
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
  await em.insert(EmailOutboxSchema, outboxRow(id, kind, to, content));
  return id;
}

/**
 * `addToOutbox` for a unit of work: the row is written by the flush that commits the change
 * causing it (inside `em.transactional`). Returns the row's id, for the pump once committed.
 */
export function queueEmail(
  em: EntityManager,
  kind: string,
  to: string,
  content: EmailContent,
): string {
  const id = randomUUID();
  em.create(EmailOutboxSchema, outboxRow(id, kind, to, content));
  return id;
}

const outboxRow = (id: string, kind: string, to: string, content: EmailContent) => ({
  id,
  kind,
  recipient: to,
  subject: content.subject,
  textBody: content.text,
  htmlBody: content.html,
  attachments: content.attachments?.map(({ content: bytes, ...attachment }) => ({
    ...attachment,
    contentBase64: bytes.toString('base64'),
  })),
});

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
