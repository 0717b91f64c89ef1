import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxThread } from '../../src/modules/mail/outbox-thread.ts';
import type { OutboxPump } from '../../src/modules/mail/outbox-pump.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { insertOutboxRow } from '../support/outbox-rows.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { uniqueEmail } from '../support/journey.ts';

const lines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }),
);
let pool: pg.Pool;
let sink: MailSink;
let thread: OutboxPump;

beforeAll(async () => {
  const databaseUrl = await migratedDatabase('outbox_thread');
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sink = await startMailSink();
  thread = outboxThread({ databaseUrl, smtpUrl: sink.url, mailFrom: 'claims@example.test', logLevel: 'debug', retryDelaySeconds: 1 }, logger);
});

afterAll(async () => {
  await thread.stop();
  await sink.stop();
  await pool.end();
});

describe('the outbox pump on its own thread', () => {
  it('when rows are handed over in one tick, then each is sent and the thread logs through the server logger without addresses', async () => {
    const recipients = [uniqueEmail('thread-a'), uniqueEmail('thread-b'), uniqueEmail('thread-c')];
    const ids = await Promise.all(recipients.map((to) => insertOutboxRow(pool, to)));
    for (const id of ids) thread.send(id);
    for (const to of recipients) await sink.waitFor(to);
    const { rows } = await pool.query('select count(*)::int as sent from email_outbox where id = any($1::uuid[]) and sent_at is not null', [ids]);
    expect(rows[0].sent).toBe(3);
    await expect.poll(() => lines.some((line) => JSON.parse(line).msg === 'e-mails')).toBe(true);
    expect(lines.join('\n')).not.toContain('@');
  });

  it('when maintenance asks for the stranded sweep, then the thread answers with the number it sent', async () => {
    const to = uniqueEmail('thread-stranded');
    await insertOutboxRow(pool, to, 300);
    expect(await thread.sendStranded()).toBe(1);
    await sink.waitFor(to);
  });
});
