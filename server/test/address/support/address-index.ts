import type { Pool } from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { migrate, openDatabase, type Database } from '../../../src/db/orm.ts';
import { nativePool } from '../../../src/db/native-pool.ts';
import {
  seedAddressIndex,
  type SeedOutcome,
} from '../../../src/modules/address/seed-address-index.ts';

export interface SeededIndex {
  orm: Database;
  pool: Pool;
  seed: SeedOutcome;
  close(): Promise<void>;
}

/** The run's PostgreSQL, migrated, with the generated index loaded (once per run; later calls find it done). */
export async function openSeededIndex(): Promise<SeededIndex> {
  const logger = pino({ level: 'silent' });
  const orm = await openDatabase(inject('databaseUrl'), logger);
  await migrate(orm);
  const pool = await nativePool(orm);
  const seed = await seedAddressIndex(pool, logger);
  return { orm, pool, seed, close: () => orm.close() };
}

/**
 * Makes every read of the address table wait, as a runaway query would, until released. Only
 * the address table is locked, and only for the moment a timeout test needs.
 */
export async function blockAddressReads(pool: Pool): Promise<() => Promise<void>> {
  const client = await pool.connect();
  await client.query('begin');
  await client.query('lock table address in access exclusive mode');
  return async () => {
    await client.query('rollback');
    client.release();
  };
}
