import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { entities } from './entities.ts';
import { migrationsList } from './migrations/index.ts';
import { nativePool } from './native-pool.ts';

export type Database = MikroORM;

export async function openDatabase(databaseUrl: string, logger: Logger): Promise<Database> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Idle connections are kept a minute (node-pg's default is 10 s): a lull of a few seconds
    // then costs no reconnecting, whose SCRAM handshake and cold backend caches cost CPU on both
    // sides and show in the first requests' latency after the lull.
    pool: { min: 0, max: 20, idleTimeoutMillis: 60_000 },
    // Unmanaged queries fail fast instead of queueing for ever when PostgreSQL is gone.
    driverOptions: { connectionTimeoutMillis: 5000 },
    logger: (message: string) => logger.debug({ orm: message.slice(0, 200) }, 'orm'),
    debug: false,
  });
}

/** Any number, the same in every process: the key of the advisory lock migrations run under. */
const MIGRATION_LOCK_KEY = 7_201_125;

/**
 * Runs the migrations not yet applied. Processes of a fleet starting together on a new database
 * take turns (a session advisory lock): run at once, both created the migrator's own table and
 * one failed to start (42710, seen with two server processes). The next in line finds nothing
 * left to run.
 */
export async function migrate(orm: Database): Promise<void> {
  const lockHolder = await (await nativePool(orm)).connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await orm.migrator.up();
    } finally {
      await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lockHolder.release();
  }
}

/** True when PostgreSQL answers a query within the pool's connection timeout. */
export async function databaseReachable(orm: Database): Promise<boolean> {
  try {
    await orm.em.getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
