import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/orm.ts';
import { schemaDrift } from '../support/schema-drift.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

describe('schema', () => {
  it('when the migrations have run on a new database, then MikroORM finds nothing to change to reach the entities', async () => {
    const databaseUrl = await migratedDatabase('schema_drift');
    const orm = await openDatabase(databaseUrl, pino({ level: 'silent' }));
    try {
      // Printed whole on failure: the SQL is what a migration would have to do.
      expect(await schemaDrift(orm)).toEqual([]);
    } finally {
      await orm.close();
    }
  });
});
