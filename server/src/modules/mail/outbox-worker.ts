import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { asyncCommitPool } from '../../db/async-commit-pool.ts';
import { errorFields } from '../../infra/error-fields.ts';
import { smtpMailer } from './mailer.ts';
import { outboxPump } from './outbox-pump.ts';
import type { FromMailThread, MailThreadData, ToMailThread } from './outbox-thread.ts';

/**
 * The mail thread: the outbox pump with its own database pool and SMTP transport. MIME building
 * and SMTP then never hold up the request thread's event loop, and at a lower scheduling
 * priority the thread spends only the CPU that requests and PostgreSQL leave over.
 */
const MAIL_THREAD_NICENESS = 10;

const port = parentPort!;
const data = workerData as MailThreadData;
const post = (message: FromMailThread): void => port.postMessage(message);

lowerThisThreadsPriority();
// Log lines go to the parent's logger, so they land where the server's own lines do.
const logger = pino({ level: data.logLevel, base: undefined, timestamp: false }, { write: (line: string) => post({ type: 'log', line }) });
const pool = asyncCommitPool(data.databaseUrl, 2, logger);
const mailer = smtpMailer(data.smtpUrl, data.mailFrom, { requireTls: data.smtpRequireTls });
const pump = outboxPump({ pool, mailer, logger, retryDelaySeconds: data.retryDelaySeconds });

port.on('message', (message: ToMailThread) => {
  if (message.type === 'send') for (const id of message.ids) pump.send(id);
  else if (message.type === 'sweep') {
    pump.sendStranded().then(
      (sent) => post({ type: 'swept', seq: message.seq, sent }),
      (error: unknown) => post({ type: 'swept', seq: message.seq, error: Object.values(errorFields(error)).filter(Boolean).join(' ') }),
    );
  } else if (message.type === 'stop') {
    void (async () => {
      await pump.stop();
      mailer.close();
      await pool.end().catch(() => undefined);
      post({ type: 'stopped' });
      port.close();
    })();
  }
});

/** Linux sets priority per thread: this thread's id is the last part of /proc/thread-self. */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(threadId, MAIL_THREAD_NICENESS);
  } catch {
    // Not Linux, or not allowed: e-mail then shares the CPU evenly, which is only slower.
  }
}
