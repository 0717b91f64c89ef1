import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { entities } from './entities.ts';
import { migrationsList } from './migrations/index.ts';
import { SESSION_OPTIONS } from './session-options.ts';

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
    driverOptions: { connectionTimeoutMillis: 5000, options: SESSION_OPTIONS },
    logger: (message: string) => logger.debug({ orm: message.slice(0, 200) }, 'orm'),
    debug: false,
  });
}

export async function migrate(orm: Database): Promise<void> {
  await orm.migrator.up();
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
