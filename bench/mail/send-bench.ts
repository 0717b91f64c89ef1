/**
 * The CPU one e-mail costs the sending process: the product's mailer (server/src/modules/mail/
 * mailer.ts: one string per message over nodemailer's SMTPConnection) against nodemailer's own
 * pooled transport (`transport.sendMail`, the baseline), in the same run, both sending the
 * confirmation e-mail to the benches' SMTP sink (bench/smtp-sink.ts, its own process) over 4
 * connections, 20 messages in flight.
 *
 *   node bench/mail/send-bench.ts            (MAIL_BENCH_MESSAGES, default 4000, per round)
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { freePort } from '../../server/src/infra/embedded-postgres.ts';
import { smtpMailer } from '../../server/src/modules/mail/mailer.ts';
import { confirmationEmail } from '../../server/src/modules/mail/templates.ts';
import { startNode } from '../lib/processes.ts';
import os from 'node:os';
import path from 'node:path';

const MESSAGES = Number(process.env.MAIL_BENCH_MESSAGES ?? 4000);
const IN_FLIGHT = 20;
const FROM = 'Prize Claims <no-reply@claims.example>';

type Send = (to: string, reference: string) => Promise<unknown>;

/** CPU milliseconds of this process per message, over MESSAGES sends after a warm-up. */
async function measure(send: Send): Promise<{ cpuMs: number; seconds: number }> {
  for (let i = 0; i < 200; i++) await send(`warm.${i}@example.co.uk`, `WARM${i}`);
  const before = process.cpuUsage();
  const started = performance.now();
  for (let sent = 0; sent < MESSAGES; sent += IN_FLIGHT) {
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => send(`bench.${sent + i}@example.co.uk`, `REF${sent + i}`)));
  }
  const used = process.cpuUsage(before);
  return { cpuMs: (used.user + used.system) / 1000 / MESSAGES, seconds: (performance.now() - started) / 1000 };
}

const smtpPort = await freePort();
const sink = await startNode({ name: 'SMTP sink', script: 'bench/smtp-sink.ts', env: { SMTP_PORT: String(smtpPort) }, logFile: path.join(os.tmpdir(), 'mail-bench-sink.log'), readyPath: '/' });
const url = `smtp://127.0.0.1:${smtpPort}`;
try {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 4 } as SMTPTransport.Options, { from: FROM });
  const mailer = smtpMailer(url, FROM);
  const viaTransport: Send = (to, reference) => transport.sendMail({ to, ...confirmationEmail('National Lottery', reference) });
  const viaMailer: Send = (to, reference) => mailer.send({ to, ...confirmationEmail('National Lottery', reference) });
  // Alternated, twice each: the machine's pace drifts between runs.
  const baseline: number[] = [];
  const product: number[] = [];
  for (let round = 0; round < 2; round++) {
    baseline.push((await measure(viaTransport)).cpuMs);
    product.push((await measure(viaMailer)).cpuMs);
  }
  transport.close();
  mailer.close();
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  console.log(`nodemailer transport.sendMail (baseline): ${mean(baseline).toFixed(3)} ms CPU per message`);
  console.log(`product mailer:                           ${mean(product).toFixed(3)} ms CPU per message`);
  console.log(`product / baseline:                       ${(mean(product) / mean(baseline)).toFixed(2)}`);
} finally {
  await sink.stop();
}
