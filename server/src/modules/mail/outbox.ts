import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutboxSchema } from './email-outbox.entity.ts';
import type { EmailContent } from './templates.ts';
import { newRowId } from '../../db/row-id.ts';

/** An e-mail to queue: its row's id (the Message-ID, and what the pump is handed), kind and recipient. */
export interface OutboxMessage {
  id: string;
  kind: string;
  recipient: string;
  content: EmailContent;
}

/** A new outbox message with a fresh id. */
export const outboxMessage = (
  kind: string,
  recipient: string,
  content: EmailContent,
): OutboxMessage => ({
  id: newRowId(),
  kind,
  recipient,
  content,
});

/**
 * The one place an e-mail becomes an `email_outbox` row, attachments included (their bytes as
 * base64, the column being JSON). Every writer goes through it: `queueEmail` in a unit of work,
 * and the journey's one-statement writes (claim.repository.ts, `outboxColumns`).
 */
export const outboxRow = ({ id, kind, recipient, content }: OutboxMessage) => ({
  id,
  kind,
  recipient,
  subject: content.subject,
  textBody: content.text,
  htmlBody: content.html,
  attachments:
    content.attachments?.map(({ content: bytes, ...attachment }) => ({
      ...attachment,
      contentBase64: bytes.toString('base64'),
    })) ?? null,
});

/**
 * E-mails are written to `email_outbox` in the same transaction as the change that causes them;
 * after commit the outbox pump sends them, retrying with backoff (outbox-pump.ts). An SMTP outage
 * delays mail and loses none; a sent message's recipient and body (which can hold a link token)
 * are wiped.
 *
 * In a unit of work (inside `em.transactional`): the row is written by the flush that commits the
 * change causing it. Returns the row's id, for the pump once committed.
 */
export function queueEmail(
  em: EntityManager,
  kind: string,
  to: string,
  content: EmailContent,
): string {
  const message = outboxMessage(kind, to, content);
  em.create(EmailOutboxSchema, outboxRow(message));
  return message.id;
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
  const deleted = await em.execute<{ affectedRows: number }>(
    'delete from email_outbox where sent_at < now() - make_interval(days => ?) or failed_at < now() - make_interval(days => ?)',
    [olderThanDays, olderThanDays],
    'run',
  );
  return deleted.affectedRows;
}
