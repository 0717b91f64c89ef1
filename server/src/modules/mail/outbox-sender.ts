import type { Pool } from 'pg';
import type { Mailer } from './mailer.ts';

/** Longer than any one SMTP attempt (the transport gives up after 20 s of silence). */
const LEASE_SECONDS = 60;
/** A row this old and unsent was left by a process that stopped; any process may send it. */
const STRANDED_AFTER_SECONDS = 120;

interface LeasedRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

export interface BatchOutcome {
  sent: string[];
  failed: string[];
  /** Asked for but not leased: already sent, or being sent by another process. */
  skipped: number;
  /** The first SMTP failure, for the log. */
  error?: unknown;
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
            where id = any($1::uuid[]) and sent_at is null and (lease_until is null or lease_until < now())
           returning id, recipient, subject, text_body, html_body`,
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
            where sent_at is null and created_at < now() - make_interval(secs => $2) and (lease_until is null or lease_until < now())
            order by created_at limit $1`,
    values: [limit, STRANDED_AFTER_SECONDS],
  });
  return rows.map((row) => row.id);
}

/** Sent: the recipient and the body (which can hold a link token) are wiped. */
async function markSent(pool: Pool, ids: string[]): Promise<void> {
  await pool.query({
    name: 'outbox.sent',
    text: `update email_outbox set sent_at = now(), lease_until = null, recipient = null, subject = null, text_body = null, html_body = null
            where id = any($1::uuid[])`,
    values: [ids],
  });
}

/** Not sent: the lease is dropped so the next attempt can take the row at once. */
async function release(pool: Pool, ids: string[]): Promise<void> {
  await pool.query({ name: 'outbox.release', text: 'update email_outbox set lease_until = null where id = any($1::uuid[]) and sent_at is null', values: [ids] });
}

async function sendLeased(pool: Pool, mailer: Mailer, rows: LeasedRow[]): Promise<Omit<BatchOutcome, 'skipped'>> {
  const outcomes = await Promise.allSettled(rows.map((row) => mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body })));
  const sent = rows.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((row) => row.id);
  const failed = rows.filter((_, i) => outcomes[i]!.status === 'rejected').map((row) => row.id);
  await Promise.all([sent.length ? markSent(pool, sent) : undefined, failed.length ? release(pool, failed) : undefined]);
  const rejection = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult | undefined;
  return { sent, failed, error: rejection?.reason };
}

/**
 * Sends the outbox rows `ids` concurrently over the pooled transport: one statement leases them,
 * one marks those sent and one releases those that failed, for the caller to try again later.
 * A crash between SMTP's acceptance and `markSent` sends that message again once its lease ends:
 * at least once, never lost.
 */
export async function sendOutboxRows(pool: Pool, mailer: Mailer, ids: string[]): Promise<BatchOutcome> {
  const rows = await leaseById(pool, ids);
  return { ...(await sendLeased(pool, mailer, rows)), skipped: ids.length - rows.length };
}
