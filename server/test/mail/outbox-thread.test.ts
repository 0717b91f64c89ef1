import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
let databaseUrl: string;
let pool: pg.Pool;
let sink: MailSink;
let thread: OutboxPump;
const threadData = () => ({ databaseUrl, smtpUrl: sink.url, mailFrom: 'claims@example.test', logLevel: 'debug', retryDelaySeconds: 1 });

beforeAll(async () => {
  databaseUrl = await migratedDatabase('outbox_thread');
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sink = await startMailSink();
  thread = outboxThread(threadData(), logger);
});

afterAll(async () => {
  await thread.stop();
  await sink.stop();
  await pool.end();
});

/** The stranded sweep once the thread answers again (it refuses while no thread runs). */
async function sweepWhenRunning(pump: OutboxPump, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await pump.sendStranded();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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

  it('when the thread fails with ids in hand, then another thread starts, the stranded sweep sends those rows and new ones go out, each once', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mail-thread-')), 'failed');
    const failing = outboxThread({ ...threadData(), crashMarker: marker } as never, logger, new URL('../support/crashing-mail-worker.ts', import.meta.url));
    try {
      const held = uniqueEmail('thread-held');
      // Written before the failure and old enough to count as stranded, as it would be minutes later.
      failing.send(await insertOutboxRow(pool, held, 300));
      await expect.poll(() => lines.some((line) => JSON.parse(line).msg === 'mail thread exited; starting another'), { timeout: 5000 }).toBe(true);
      expect(fs.existsSync(marker)).toBe(true);

      expect(await sweepWhenRunning(failing)).toBe(1);
      await sink.waitFor(held);
      const after = uniqueEmail('thread-after');
      failing.send(await insertOutboxRow(pool, after));
      await sink.waitFor(after);
      expect(sink.messages.filter((message) => message.to === held || message.to === after)).toHaveLength(2);
    } finally {
      await failing.stop();
      fs.rmSync(path.dirname(marker), { recursive: true, force: true });
    }
  });
});
