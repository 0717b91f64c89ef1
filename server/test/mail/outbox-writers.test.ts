import { randomBytes, randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { claimRepository } from '../../src/modules/claim/claim.repository.ts';
import { EmailOutboxSchema } from '../../src/modules/mail/email-outbox.entity.ts';
import { outboxMessage, queueEmail } from '../../src/modules/mail/outbox.ts';
import type { EmailContent } from '../../src/modules/mail/templates.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

let orm: Database;
beforeAll(async () => {
  orm = await openDatabase(await migratedDatabase('outbox_writers'), pino({ level: 'silent' }));
});
afterAll(async () => orm?.close());

const QR = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

const withAttachment = (subject: string): EmailContent => ({
  subject,
  text: 'text',
  html: '<p>html</p>',
  attachments: [{ filename: 'ticket-code.png', contentType: 'image/png', content: QR, cid: 'qr' }],
});

const storedAttachments = async (id: string) =>
  (
    await orm.em
      .fork()
      .findOneOrFail(EmailOutboxSchema, { id }, { fields: ['attachments', 'subject'] })
  ).attachments;

const asStored = [
  {
    filename: 'ticket-code.png',
    contentType: 'image/png',
    cid: 'qr',
    contentBase64: QR.toString('base64'),
  },
];

describe('every outbox writer keeps the attachments', () => {
  it('when a use case queues an e-mail in its unit of work, then the row holds its attachments', async () => {
    const id = await orm.em
      .fork()
      .transactional(async (em) => queueEmail(em, 'test', 'a@example.com', withAttachment('uow')));
    expect(await storedAttachments(id)).toEqual(asStored);
  });

  it('when a journey statement queues an e-mail with the change, then the row holds its attachments', async () => {
    const mail = outboxMessage('test', 'b@example.com', withAttachment('journey'));
    const reference = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    await claimRepository(orm.em.fork()).start(
      {
        id: randomUUID(),
        tokenHash: randomBytes(32),
        email: 'b@example.com',
        linkExpiresAt: new Date(Date.now() + 3_600_000),
        reference,
        hashid: `T${reference}`,
      },
      mail,
    );
    expect(await storedAttachments(mail.id)).toEqual(asStored);
  });

  it('when an e-mail has no attachments, then the row holds none', async () => {
    const mail = outboxMessage('test', 'c@example.com', {
      subject: 'plain',
      text: 'text',
      html: '<p>html</p>',
    });
    const reference = 800_000_000 + Math.floor(Math.random() * 1_000_000);
    await claimRepository(orm.em.fork()).start(
      {
        id: randomUUID(),
        tokenHash: randomBytes(32),
        email: 'c@example.com',
        linkExpiresAt: new Date(Date.now() + 3_600_000),
        reference,
        hashid: `T${reference}`,
      },
      mail,
    );
    expect(await storedAttachments(mail.id)).toBeNull();
  });
});
