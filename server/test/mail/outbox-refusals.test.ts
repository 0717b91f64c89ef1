import pg from 'pg';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/infra/free-port.ts';
import { smtpMailer, type Mailer } from '../../src/modules/mail/mailer.ts';
import { outboxPump, type OutboxPump } from '../../src/modules/mail/outbox-pump.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { uniqueEmail } from '../support/journey.ts';
import { insertOutboxRow } from '../support/outbox-rows.ts';

/**
 * A real SMTP listener (smtp-server, as the mail sink) that refuses recipients by their name:
 * `gone.*` for good (550), `busy.*` for now (421); every other message is accepted.
 */
const logger = pino({ level: 'silent' });
const accepted: string[] = [];
const rcptAttempts = new Map<string, number>();
let server: SMTPServer;
let pool: pg.Pool;
let mailer: Mailer;
const pumps: OutboxPump[] = [];

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await migratedDatabase('outbox_refusals'), max: 4 });
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      rcptAttempts.set(address.address, (rcptAttempts.get(address.address) ?? 0) + 1);
      if (address.address.startsWith('gone.'))
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      if (address.address.startsWith('busy.'))
        return callback(Object.assign(new Error('Try again later'), { responseCode: 421 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'claims@example.test');
});

afterAll(async () => {
  await Promise.all(pumps.map((pump) => pump.stop()));
  mailer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await pool.end();
});

function pump(): OutboxPump {
  const created = outboxPump({ pool, mailer, logger, retryDelaySeconds: 1 });
  pumps.push(created);
  return created;
}

async function row(id: string) {
  const { rows } = await pool.query(
    `select attempts, sent_at is not null as sent, failed_at is not null as failed, last_error, recipient, retry_at > now() as backing_off from email_outbox where id = $1`,
    [id],
  );
  return rows[0] as {
    attempts: number;
    sent: boolean;
    failed: boolean;
    last_error: string | null;
    recipient: string | null;
    backing_off: boolean | null;
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SMTP refusals in the outbox', () => {
  it('when fifty permanently refused e-mails head the outbox, then one sweep marks them failed once and still sends the later ones', async () => {
    const refused = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        insertOutboxRow(pool, uniqueEmail(`gone.${i}`), 900 - i),
      ),
    );
    const laterTo = [uniqueEmail('later-a'), uniqueEmail('later-b'), uniqueEmail('later-c')];
    const later = await Promise.all(laterTo.map((to) => insertOutboxRow(pool, to, 300)));

    await pump().sendStranded();

    for (const id of later) expect(await row(id)).toMatchObject({ sent: true });
    for (const to of laterTo) expect(accepted).toContain(to);
    for (const id of refused)
      expect(await row(id)).toMatchObject({
        failed: true,
        sent: false,
        attempts: 1,
        last_error: 'EENVELOPE 550',
        recipient: null,
      });

    // Recorded once: later sweeps leave them alone.
    await pump().sendStranded();
    for (const id of refused) expect((await row(id)).attempts).toBe(1);
  });

  it('when the server answers 421, then the e-mail is kept for later and the sweep waits its back-off before trying again', async () => {
    const to = uniqueEmail('busy.once');
    const id = await insertOutboxRow(pool, to, 600);
    const sweeper = pump();
    await sweeper.sendStranded();
    expect(await row(id)).toMatchObject({
      sent: false,
      failed: false,
      attempts: 1,
      backing_off: true,
    });
    expect(await row(id)).toMatchObject({ last_error: expect.stringContaining('421') });

    await sweeper.sendStranded();
    expect((await row(id)).attempts).toBe(1);

    await pool.query(
      `update email_outbox set retry_at = now() - interval '1 second' where id = $1`,
      [id],
    );
    await sweeper.sendStranded();
    expect(await row(id)).toMatchObject({ failed: false, attempts: 2, backing_off: true });
  });

  it('when the pump is handed an e-mail the server refuses for good, then it is marked failed and not retried', async () => {
    const to = uniqueEmail('gone.pumped');
    const id = await insertOutboxRow(pool, to);
    pump().send(id);
    await expect.poll(async () => (await row(id)).failed, { timeout: 5000 }).toBe(true);
    // Past the pump's first retry delay (one second here).
    await settle(2500);
    expect(await row(id)).toMatchObject({ attempts: 1, failed: true });
    expect(rcptAttempts.get(to)).toBe(1);
  });

  it('when the pump is handed an e-mail the server refuses for now, then it retries it', async () => {
    const to = uniqueEmail('busy.pumped');
    const id = await insertOutboxRow(pool, to);
    pump().send(id);
    await expect
      .poll(async () => (await row(id)).attempts, { timeout: 8000 })
      .toBeGreaterThanOrEqual(2);
    expect(await row(id)).toMatchObject({ failed: false, sent: false });
  });
});
