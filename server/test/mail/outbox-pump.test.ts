import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, type Mailer } from '../../src/modules/mail/mailer.ts';
import { outboxPump, type OutboxPump } from '../../src/modules/mail/outbox-pump.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { insertOutboxRow } from '../support/outbox-rows.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { uniqueEmail } from '../support/journey.ts';

const logger = pino({ level: 'silent' });
let pool: pg.Pool;
let sink: MailSink;
let mailer: Mailer;
const pumps: OutboxPump[] = [];

beforeAll(async () => {
  // A database of its own: no other test file's server sweeps these rows.
  pool = new pg.Pool({ connectionString: await migratedDatabase('outbox_pump'), max: 4 });
  sink = await startMailSink();
  mailer = smtpMailer(sink.url, 'claims@example.test');
});

afterAll(async () => {
  await Promise.all(pumps.map((pump) => pump.stop()));
  mailer.close();
  await sink.stop();
  await pool.end();
});

function pump(sender: Mailer = mailer, maxRetrying?: number, strandedPerScan?: number): OutboxPump {
  const created = outboxPump({
    pool,
    mailer: sender,
    logger,
    retryDelaySeconds: 1,
    maxRetrying,
    strandedPerScan,
  });
  pumps.push(created);
  return created;
}

async function row(
  id: string,
): Promise<{ attempts: number; sent: boolean; recipient: string | null; leased: boolean }> {
  const { rows } = await pool.query(
    `select attempts, sent_at is not null as sent, recipient, lease_until is not null as leased from email_outbox where id = $1`,
    [id],
  );
  return rows[0];
}

const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));
const received = (to: string) => sink.messages.filter((message) => message.to === to);

describe('the e-mail outbox pump', () => {
  it('when a row is handed to two pumps at once, then it is sent once, marked sent and its recipient wiped', async () => {
    const to = uniqueEmail('pump-once');
    const id = await insertOutboxRow(pool, to);
    const [one, two] = [pump(), pump()];
    one.send(id);
    two.send(id);
    await sink.waitFor(to);
    await settle();
    expect(received(to)).toHaveLength(1);
    expect(await row(id)).toEqual({ attempts: 1, sent: true, recipient: null, leased: false });
  });

  it('when SMTP refuses the first attempt, then the lease is released and the retry delivers it', async () => {
    const to = uniqueEmail('pump-retry');
    const id = await insertOutboxRow(pool, to);
    let calls = 0;
    const flaky: Mailer = {
      async send(email) {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('421 try later'), { code: 'EENVELOPE' });
        await mailer.send(email);
      },
      close() {},
    };
    pump(flaky).send(id);
    await settle(300);
    expect(await row(id)).toMatchObject({ attempts: 1, sent: false, leased: false });
    await sink.waitFor(to, undefined, 5000);
    await settle(200);
    expect(await row(id)).toMatchObject({ attempts: 2, sent: true });
  });

  it('when more rows fail than the pump remembers, then it retries as many as it remembers and the stranded sweep sends the rest', async () => {
    const recipients = [
      uniqueEmail('pump-cap-a'),
      uniqueEmail('pump-cap-b'),
      uniqueEmail('pump-cap-c'),
    ];
    const ids = await Promise.all(recipients.map((to) => insertOutboxRow(pool, to)));
    let refusing = true;
    const outage: Mailer = {
      async send(email) {
        if (refusing) throw Object.assign(new Error('421 try later'), { code: 'EENVELOPE' });
        await mailer.send(email);
      },
      close() {},
    };
    const capped = pump(outage, 2);
    for (const id of ids) capped.send(id);
    await expect
      .poll(async () =>
        (await Promise.all(ids.map(row))).every((r) => r.attempts === 1 && !r.leased),
      )
      .toBe(true);
    refusing = false;
    // The two remembered rows are retried a second later; the third is left for the sweep.
    const sentNow = async () => Promise.all(ids.map(async (id) => (await row(id)).sent));
    await expect
      .poll(async () => (await sentNow()).filter(Boolean).length, { timeout: 10_000 })
      .toBe(2);
    await settle(1500);
    const sent = await sentNow();
    expect(sent.filter(Boolean)).toHaveLength(2);
    const forgotten = ids[sent.indexOf(false)]!;
    expect(await row(forgotten)).toMatchObject({ attempts: 1, leased: false });

    // Five minutes on: the row is stranded and its sweep back-off (retry_at) has passed.
    await pool.query(
      `update email_outbox set created_at = now() - interval '5 minutes', retry_at = null where id = $1`,
      [forgotten],
    );
    await capped.sendStranded();
    expect(await row(forgotten)).toMatchObject({ sent: true });
    for (const to of recipients) expect(received(to)).toHaveLength(1);
  });

  it('when a row was left unsent by a stopped process, then the stranded sweep sends it and leaves recent rows to their writer', async () => {
    const strandedTo = uniqueEmail('pump-stranded');
    const recentTo = uniqueEmail('pump-recent');
    const stranded = await insertOutboxRow(pool, strandedTo, 180);
    const recent = await insertOutboxRow(pool, recentTo);
    const sweeper = pump();
    await sweeper.sendStranded();
    await sink.waitFor(strandedTo);
    expect(await row(stranded)).toMatchObject({ sent: true, recipient: null });
    expect(await row(recent)).toMatchObject({ attempts: 0, sent: false });

    await sweeper.sendStranded();
    await settle();
    expect(received(strandedTo)).toHaveLength(1);
    expect(received(recentTo)).toHaveLength(0);
  });

  it('when more rows are stranded than one scan reads, then one sweep sends them all, each once', async () => {
    const recipients = Array.from({ length: 7 }, (_, i) => uniqueEmail(`pump-backlog-${i}`));
    const ids = await Promise.all(recipients.map((to) => insertOutboxRow(pool, to, 600)));
    const sent = await pump(mailer, undefined, 3).sendStranded();
    expect(sent).toBeGreaterThanOrEqual(7);
    for (const id of ids) expect(await row(id)).toMatchObject({ sent: true, attempts: 1 });
    await settle();
    for (const to of recipients) expect(received(to)).toHaveLength(1);
  });
});
