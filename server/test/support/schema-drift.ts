import type { Database } from '../../src/db/orm.ts';

/** The statements MikroORM's schema generator would run to bring the database to the entities. */
export async function schemaDrift(orm: Database): Promise<string[]> {
  const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  return sql
    .split(/;\s*\n/)
    .map((statement) => statement.trim().replace(/;$/, ''))
    .filter((statement) => statement !== '');
}
