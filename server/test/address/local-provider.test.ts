import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pino } from 'pino';
import { LocalAddressIndex } from '../../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../../src/modules/address/local-address-provider.ts';
import { seedAddressIndex } from '../../src/modules/address/seed-address-index.ts';
import { startAddressApp } from './support/address-app.ts';
import { blockAddressReads, openSeededIndex, type SeededIndex } from './support/address-index.ts';
import { describeAddressProvider } from './support/provider-suite.ts';

// Short enough for the timeout tests, far above a real search (a few milliseconds).
const TEST_TIMEOUT_MS = 400;

describeAddressProvider('local (PostgreSQL index)', async () => {
  const index = await openSeededIndex();
  const app = await startAddressApp(
    new LocalAddressProvider(new LocalAddressIndex(async () => index.pool, TEST_TIMEOUT_MS)),
  );
  return {
    url: app.url,
    slowDown: () => blockAddressReads(index.pool),
    close: async () => {
      await app.close();
      await index.close();
    },
  };
});

describe('the local index', () => {
  let index: SeededIndex;
  beforeAll(async () => {
    index = await openSeededIndex();
  });
  afterAll(async () => {
    await index.close();
  });

  it('when seeded, then it holds at least 100,000 addresses of Great Britain, Northern Ireland and the Isle of Man', async () => {
    const { rows } = await index.pool.query<{ country: string; n: number }>(
      'select country, count(*)::int as n from address group by country order by country',
    );
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeGreaterThanOrEqual(100_000);
    expect(rows.map((row) => row.country)).toEqual(['GB', 'IM']);
    const districts = await index.pool.query<{ outward: string }>(
      "select distinct split_part(postcode, ' ', 1) as outward from address where country = 'IM' order by 1",
    );
    expect(districts.rows.map((row) => row.outward)).toEqual([
      'IM1',
      'IM2',
      'IM3',
      'IM4',
      'IM5',
      'IM6',
      'IM7',
      'IM8',
      'IM9',
    ]);
  });

  it('when seeding runs again (another process, a restart), then it finds the work done and changes nothing', async () => {
    const before = await index.pool.query(
      'select count(*)::int as n, max(udprn) as last from address',
    );
    const outcome = await seedAddressIndex(index.pool, pino({ level: 'silent' }));
    expect(outcome.seeded).toBe(false);
    expect(outcome.addressCount).toBe(before.rows[0].n);
    const after = await index.pool.query(
      'select count(*)::int as n, max(udprn) as last from address',
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('when several processes start at once, then exactly one loads the index', async () => {
    // A schema of its own, so reloading does not lock the index other test files are reading.
    const schema = `address_seed_${process.pid}`;
    await index.pool.query(`create schema ${schema}`);
    const isolated = new pg.Pool({
      connectionString: inject('databaseUrl'),
      options: `-c search_path=${schema},public`,
    });
    try {
      for (const table of ['address', 'address_street', 'address_term', 'address_index_state']) {
        await isolated.query(`create table ${table} (like public.${table} including all)`);
      }
      const logger = pino({ level: 'silent' });
      const outcomes = await Promise.all([
        seedAddressIndex(isolated, logger),
        seedAddressIndex(isolated, logger),
        seedAddressIndex(isolated, logger),
      ]);
      expect(outcomes.filter((outcome) => outcome.seeded)).toHaveLength(1);
      expect(new Set(outcomes.map((outcome) => outcome.addressCount)).size).toBe(1);
      const { rows } = await isolated.query('select count(*)::int as n from address');
      expect(rows[0].n).toBe(outcomes[0]!.addressCount);
    } finally {
      await isolated.end();
      await index.pool.query(`drop schema ${schema} cascade`);
    }
  }, 60_000);

  it('when a postcode search runs, then it is served by the postcode b-tree, and a word search by the GIN index', async () => {
    const plan = async (sql: string, params: unknown[]) =>
      (await index.pool.query(`explain ${sql}`, params)).rows
        .map((row: Record<string, string>) => row['QUERY PLAN'])
        .join('\n');
    expect(
      await plan(`select 1 from address where postcode >= $1 and postcode < $1 || '~'`, ['SW1A 2']),
    ).toContain('address_postcode_idx');
    expect(
      await plan(`select 1 from address where terms @@ $1::tsquery`, ["'downing' & '10'"]),
    ).toContain('address_terms_idx');
  });
});
