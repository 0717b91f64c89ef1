import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.ts';
import { migrationsList } from './migrations/index.ts';

/**
 * The MikroORM CLI's configuration (`make migration NAME=...`, docs/adr/018): the server's
 * entities and migrations against DATABASE_URL. The server itself opens the database in orm.ts.
 */
export default defineConfig({
  clientUrl: process.env.DATABASE_URL,
  entities,
  extensions: [Migrator],
  migrations: {
    migrationsList,
    // Where migration:create writes; the new file is then listed in migrations/index.ts.
    path: 'src/db/migrations',
    pathTs: 'src/db/migrations',
    emit: 'ts',
    // No snapshot: the diff is taken against the migrated database itself.
    snapshot: false,
    transactional: true,
    allOrNothing: true,
  },
});
