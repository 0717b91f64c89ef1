import type { Pool } from 'pg';
import type { StoredAttachment } from './email-outbox.entity.ts';
import type { Mailer } from './mailer.ts';

/** Longer than any one SMTP attempt (the transport gives up after 20 s of silence). */
const LEASE_SECONDS = 60;
/** A row this old and unsent was left by a process that stopped; any process may send it. */
const STRANDED_AFTER_SECONDS = 120;
/** The stranded sweep's back-off after a temporary failure: 60 s, doubled per attempt, at most an hour. */
const SWEEP_RETRY_SECONDS = 60;
const SWEEP_RETRY_MAX_SECONDS = 3600;

interface LeasedRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: StoredAttachment[] | null;
}

export interface BatchOutcome {
  sent: string[];
  /** Failed for now (4xx, no connection): released to be tried again later. */
  failed: string[];
  /** Refused for good (5xx to the sender, a recipient or the message): marked failed, never tried again. */
  refused: string[];
  /** Asked for but not leased: already sent, or being sent by another process. */
  skipped: number;
  /** The first SMTP failure, for the log. */
  error?: unknown;
}

type SmtpError = Error & { code?: string; responseCode?: number };

/**
 * A 5xx answer to this message's envelope or content: sending it again cannot succeed. Failures
 * of the session as a whole (a 5xx to AUTH or STARTTLS, a refused connection) are not: they are a
 * configuration or an outage that passes, and marking every e-mail failed on them would lose mail.
 */
export function refusedForGood(error: unknown): boolean {
  const { code, responseCode } = error as SmtpError;
  return (
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600
  );
}

/** What is kept of a failure: the SMTP reply code or the error code, never the server's text (it can quote the address). */
function failureSummary(error: unknown): string {
  const { code, responseCode } = error as SmtpError;
  return [code, responseCode].filter((part) => part !== undefined).join(' ') || 'Error';
}

/**
 * Takes the unsent rows among `ids` for this process: each is leased for LEASE_SECONDS and its
 * attempt counted. A row already sent, or leased by another process, is not returned, so two
 * processes never send one message twice. No transaction stays open while SMTP talks.
 */
async function leaseById(pool: Pool, ids: string[]): Promise<LeasedRow[]> {
  const { rows } = await pool.query<LeasedRow>({
    name: 'outbox.lease',
    text: `update email_outbox set attempts = attempts + 1, lease_until = now() + make_interval(secs => $2)
            where id = any($1::uuid[]) and sent_at is null and failed_at is null and (lease_until is null or lease_until < now())
           returning id, recipient, subject, text_body, html_body, attachments`,
    values: [ids, LEASE_SECONDS],
  });
  return rows;
}

/**
 * Up to `limit` ids of unsent, unleased rows older than STRANDED_AFTER_SECONDS, oldest first. A
 * plain read: `leaseById` takes each row, and skips one another process took meanwhile. One
 * scan serves many batches: leasing 20 rows per scan, as the sweep once did, re-read the whole
 * table for every 20 rows, so a backlog (a long SMTP outage at peak) cost a scan per 20 e-mails.
 */
export async function strandedIds(pool: Pool, limit: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>({
    name: 'outbox.stranded',
    text: `select id from email_outbox
            where sent_at is null and failed_at is null and created_at < now() - make_interval(secs => $2)
              and (lease_until is null or lease_until < now()) and (retry_at is null or retry_at <= now())
            order by created_at limit $1`,
    values: [limit, STRANDED_AFTER_SECONDS],
  });
  return rows.map((row) => row.id);
}

/** Sent: the recipient and the body (which can hold a link token) are wiped. */
async function markSent(pool: Pool, ids: string[]): Promise<void> {
  await pool.query({
    name: 'outbox.sent',
    text: `update email_outbox set sent_at = now(), lease_until = null, recipient = null, subject = null, text_body = null, html_body = null, attachments = null
            where id = any($1::uuid[])`,
    values: [ids],
  });
}

/**
 * Not sent for now: the lease is dropped so this process can retry at once (outbox-pump.ts backs
 * off in memory), and the stranded sweep waits `retry_at`, doubling per attempt.
 */
async function release(pool: Pool, ids: string[], errors: string[]): Promise<void> {
  await pool.query({
    name: 'outbox.release',
    text: `update email_outbox o set lease_until = null, last_error = f.error,
                  retry_at = now() + make_interval(secs => least($3::float8 * power(2, greatest(o.attempts - 1, 0)), $4::float8))
             from unnest($1::uuid[], $2::text[]) as f(id, error)
            where o.id = f.id and o.sent_at is null`,
    values: [ids, errors, SWEEP_RETRY_SECONDS, SWEEP_RETRY_MAX_SECONDS],
  });
}

/** Refused for good: recorded once with its reply code, and wiped like a sent row (the body can hold a link token). */
async function markFailed(pool: Pool, ids: string[], errors: string[]): Promise<void> {
  await pool.query({
    name: 'outbox.failed',
    text: `update email_outbox o set failed_at = now(), lease_until = null, last_error = f.error,
                  recipient = null, subject = null, text_body = null, html_body = null, attachments = null
             from unnest($1::uuid[], $2::text[]) as f(id, error)
            where o.id = f.id and o.sent_at is null`,
    values: [ids, errors],
  });
}

async function sendLeased(
  pool: Pool,
  mailer: Mailer,
  rows: LeasedRow[],
): Promise<Omit<BatchOutcome, 'skipped'>> {
  const outcomes = await Promise.allSettled(
    rows.map((row) =>
      mailer.send({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments: row.attachments?.map(({ contentBase64, ...attachment }) => ({
          ...attachment,
          content: Buffer.from(contentBase64, 'base64'),
        })),
      }),
    ),
  );
  const sent: string[] = [];
  const failed: Array<{ id: string; error: string }> = [];
  const refused: Array<{ id: string; error: string }> = [];
  rows.forEach((row, i) => {
    const outcome = outcomes[i]!;
    if (outcome.status === 'fulfilled') sent.push(row.id);
    else
      (refusedForGood(outcome.reason) ? refused : failed).push({
        id: row.id,
        error: failureSummary(outcome.reason),
      });
  });
  const ids = (list: Array<{ id: string }>) => list.map((entry) => entry.id);
  const errors = (list: Array<{ error: string }>) => list.map((entry) => entry.error);
  await Promise.all([
    sent.length ? markSent(pool, sent) : undefined,
    failed.length ? release(pool, ids(failed), errors(failed)) : undefined,
    refused.length ? markFailed(pool, ids(refused), errors(refused)) : undefined,
  ]);
  const rejection = outcomes.find((outcome) => outcome.status === 'rejected') as
    PromiseRejectedResult | undefined;
  return { sent, failed: ids(failed), refused: ids(refused), error: rejection?.reason };
}

/**
 * Sends the outbox rows `ids` concurrently over the pooled transport: one statement leases them,
 * one marks those sent, one releases those that failed for now (for the caller to try again
 * later) and one marks failed those refused for good.
 * A crash between SMTP's acceptance and `markSent` sends that message again once its lease ends:
 * at least once, never lost.
 */
export async function sendOutboxRows(
  pool: Pool,
  mailer: Mailer,
  ids: string[],
): Promise<BatchOutcome> {
  const rows = await leaseById(pool, ids);
  return { ...(await sendLeased(pool, mailer, rows)), skipped: ids.length - rows.length };
}
