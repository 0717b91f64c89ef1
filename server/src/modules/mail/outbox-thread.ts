import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { errorFields } from '../../infra/error-fields.ts';
import type { OutboxPump } from './outbox-pump.ts';

export interface MailThreadData {
  databaseUrl: string;
  smtpUrl: string;
  mailFrom: string;
  logLevel: string;
  retryDelaySeconds: number;
  /** SMTP_REQUIRE_TLS: send nothing over a connection STARTTLS did not secure. */
  smtpRequireTls?: boolean;
}

export type ToMailThread = { type: 'send'; ids: string[] } | { type: 'sweep'; seq: number } | { type: 'stop' };
export type FromMailThread = { type: 'log'; line: string } | { type: 'swept'; seq: number; sent?: number; error?: string } | { type: 'stopped' };

const RESTART_DELAY_MS = 1000;
/**
 * Ids are handed to the thread in one message per this many milliseconds: each message wakes
 * the thread, and under load one per e-mail cost a thread switch each.
 */
const HANDOVER_MS = 5;
const STOP_TIMEOUT_MS = 10_000;

/**
 * The outbox pump on a thread of its own (outbox-worker.ts), behind the same interface. Ids
 * handed over within HANDOVER_MS travel in one message. If the thread dies it is started again; the
 * ids it held are rows the stranded sweep sends (docs/adr/007). `script` is the thread's code;
 * tests give one that fails.
 */
export function outboxThread(data: MailThreadData, logger: Logger, script: URL = new URL('./outbox-worker.ts', import.meta.url)): OutboxPump {
  const sweeps = new Map<number, { resolve: (sent: number) => void; reject: (error: Error) => void }>();
  let pending: string[] = [];
  let seq = 0;
  let stopping = false;
  let alive = false;
  let worker = start();

  function start(): Worker {
    const started = new Worker(script, { workerData: data });
    alive = true;
    started.on('message', (message: FromMailThread) => {
      if (message.type === 'log') relayLog(logger, message.line);
      else if (message.type === 'swept') {
        const sweep = sweeps.get(message.seq);
        sweeps.delete(message.seq);
        if (message.error) sweep?.reject(new Error(`stranded e-mails not sent: ${message.error}`));
        else sweep?.resolve(message.sent ?? 0);
      }
    });
    started.on('error', (error) => logger.error({ err: errorFields(error) }, 'mail thread failed'));
    started.on('exit', () => {
      alive = false;
      for (const sweep of sweeps.values()) sweep.reject(new Error('mail thread stopped'));
      sweeps.clear();
      if (stopping) return;
      logger.warn('mail thread exited; starting another');
      setTimeout(() => {
        if (!stopping) worker = start();
      }, RESTART_DELAY_MS).unref();
    });
    return started;
  }

  return {
    send(outboxId) {
      if (!pending.length) {
        setTimeout(() => {
          worker.postMessage({ type: 'send', ids: pending } satisfies ToMailThread);
          pending = [];
        }, HANDOVER_MS);
      }
      pending.push(outboxId);
    },
    sendStranded() {
      // A message to a thread that has exited is dropped: the sweep would never answer.
      if (!alive) return Promise.reject(new Error('mail thread not running'));
      const id = ++seq;
      return new Promise<number>((resolve, reject) => {
        sweeps.set(id, { resolve, reject });
        worker.postMessage({ type: 'sweep', seq: id } satisfies ToMailThread);
      });
    },
    async stop() {
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.on('message', (message: FromMailThread) => message.type === 'stopped' && resolve());
      });
      worker.postMessage({ type: 'stop' } satisfies ToMailThread);
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
      await Promise.race([stopped, timeout]);
      await worker.terminate();
    },
  };
}

/** A log line of the mail thread, written through the server's logger (and its redaction). */
function relayLog(logger: Logger, line: string): void {
  const { level, msg, ...fields } = JSON.parse(line) as { level: number; msg?: string };
  const label = logger.levels.labels[level] as 'debug' | 'info' | 'warn' | 'error';
  logger[label]?.(fields, msg);
}
