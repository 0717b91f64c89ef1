import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** An outbox row as a claim's transaction writes it, `ageSeconds` old. */
export async function insertOutboxRow(pool: pg.Pool, to: string, ageSeconds = 0): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `insert into email_outbox (id, kind, recipient, subject, text_body, html_body, created_at)
     values ($1, 'test', $2, 'Outbox test', 'Hello', '<p>Hello</p>', now() - make_interval(secs => $3))`,
    [id, to, ageSeconds],
  );
  return id;
}
