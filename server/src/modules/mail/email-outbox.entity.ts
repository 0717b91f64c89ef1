import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An attachment as the outbox row keeps it: JSON, so the bytes travel as base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  cid?: string;
}

/**
 * A message waiting to be sent (the transactional outbox, docs/adr/007 and 012). Kept out of
 * modules/mail/ while that folder is rewritten; it belongs there.
 */
export const EmailOutboxSchema = defineEntity({
  name: 'EmailOutbox',
  tableName: 'email_outbox',
  properties: {
    id: p.uuid().primary(),
    kind: p.text(),
    recipient: p.text().nullable(),
    subject: p.text().nullable(),
    textBody: p.text().nullable(),
    htmlBody: p.text().nullable(),
    /** Files sent with the message (content base64), wiped with the body once sent. */
    attachments: p.json<StoredAttachment[]>().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    sentAt: p.datetime().nullable(),
    attempts: p.integer().default(0),
    leaseUntil: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    retryAt: p.datetime().nullable(),
  },
  // The stranded sweep and the deletion of old rows read these, not the whole week's history
  // (issue 35).
  indexes: [
    {
      name: 'email_outbox_unsent_idx',
      properties: ['createdAt'],
      where: 'sent_at is null and failed_at is null',
    },
    { name: 'email_outbox_sent_idx', properties: ['sentAt'], where: 'sent_at is not null' },
    { name: 'email_outbox_failed_idx', properties: ['failedAt'], where: 'failed_at is not null' },
  ],
});

export type EmailOutbox = InferEntity<typeof EmailOutboxSchema>;
