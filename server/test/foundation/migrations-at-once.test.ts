import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../src/db/orm.ts';
import { freshDatabase } from '../support/fresh-database.ts';

describe('migrations', () => {
  it('when three processes start on a new database at once, then each migrates it without error and the schema is applied once', async () => {
    const databaseUrl = await freshDatabase('migrate_at_once');
    const orms = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase(databaseUrl, pino({ level: 'silent' }))),
    );
    try {
      await Promise.all(orms.map((orm) => migrate(orm)));
      const applied = await orms[0]!.em
        .getConnection()
        .execute<Array<{ name: string; n: number }>>(
          'select name, count(*)::int as n from mikro_orm_migrations group by name',
        );
      expect(applied.length).toBeGreaterThan(5);
      expect(applied.every((row) => row.n === 1)).toBe(true);
    } finally {
      await Promise.all(orms.map((orm) => orm.close()));
    }
  });
});
