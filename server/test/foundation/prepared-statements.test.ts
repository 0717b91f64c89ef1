import type { Pool } from 'pg';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { asyncCommitPool } from '../../src/db/async-commit-pool.ts';
import { strandedIds } from '../../src/modules/mail/outbox-sender.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

const logger = pino({ level: 'silent' });
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await migratedDatabase('prepared');
});

/** How PostgreSQL planned a named statement on the pool's one connection so far. */
async function plans(pool: Pool, name: string): Promise<{ generic: number; custom: number }> {
  const { rows } = await pool.query<{ generic: string; custom: string }>(
    'select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = $1',
    [name],
  );
  return { generic: Number(rows[0]!.generic), custom: Number(rows[0]!.custom) };
}

describe('the connections the outbox bookkeeping queries on', () => {
  it('when the stranded-mail scan runs again and again on one connection, then it is planned once, not on every run', async () => {
    const pool = asyncCommitPool(databaseUrl, 1, logger);
    try {
      for (let run = 0; run < 8; run++) await strandedIds(pool, 10);
      // PostgreSQL's default plans the first five runs afresh, and goes on doing so whenever
      // the custom plans look cheaper than the generic one.
      expect(await plans(pool, 'outbox.stranded')).toEqual({ generic: 8, custom: 0 });
    } finally {
      await pool.end();
    }
  });

  it('when a connection of the bookkeeping pool opens, then it plans generically and commits without waiting for the WAL flush', async () => {
    const pool = asyncCommitPool(databaseUrl, 1, logger);
    try {
      const { rows } = await pool.query<{ plan: string; commit: string }>(
        `select current_setting('plan_cache_mode') as plan, current_setting('synchronous_commit') as commit`,
      );
      expect(rows[0]).toEqual({ plan: 'force_generic_plan', commit: 'off' });
    } finally {
      await pool.end();
    }
  });
});
