import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncCommitPool } from '../../src/db/async-commit-pool.ts';
import { nativePool } from '../../src/db/native-pool.ts';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { claimJourneyRepository } from '../../src/modules/claim/claim-journey.repository.ts';
import { newLinkToken } from '../../src/modules/claim/tokens.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

const logger = pino({ level: 'silent' });
let databaseUrl: string;
let orm: Database;

beforeAll(async () => {
  databaseUrl = await migratedDatabase('prepared');
  orm = await openDatabase(databaseUrl, logger);
});

afterAll(() => orm.close());

/** How PostgreSQL planned a named statement on this connection so far. */
async function plans(
  client: PoolClient,
  name: string,
): Promise<{ generic: number; custom: number }> {
  const { rows } = await client.query<{ generic: string; custom: string }>(
    'select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = $1',
    [name],
  );
  return { generic: Number(rows[0]!.generic), custom: Number(rows[0]!.custom) };
}

describe('the connections the server queries on', () => {
  it('when the submission read runs again and again on one connection, then it is planned once, not on every run', async () => {
    const client = await (await nativePool(orm)).connect();
    try {
      // The repository on one connection, so every run meets the same prepared statement.
      const journey = claimJourneyRepository(client as unknown as Pool, 3600);
      for (let run = 0; run < 8; run++)
        await journey.submissionFacts(newLinkToken().hash, randomUUID(), [randomUUID()], null);
      // PostgreSQL's default plans the first five runs afresh, and goes on doing so whenever
      // the custom plans look cheaper than the generic one.
      expect(await plans(client, 'claim.submission-facts')).toEqual({ generic: 8, custom: 0 });
    } finally {
      client.release();
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
