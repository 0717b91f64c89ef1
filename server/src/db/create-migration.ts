/**
 * `make migration NAME=WhatChanged`: writes the migration that brings the schema the existing
 * migrations build to the entities (docs/adr/018). Runs the MikroORM CLI's `migration:create`
 * against a throwaway embedded PostgreSQL migrated to the latest migration, so no one's database
 * is touched, then lists the new file in migrations/index.ts (the server loads that list, not the
 * folder). Prints MikroORM's "no changes" and writes nothing when the entities match.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../infra/embedded-postgres.ts';
import { migrate, openDatabase } from './orm.ts';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
  console.error('usage: make migration NAME=WhatChanged (PascalCase, letters and digits)');
  process.exit(2);
}

const migrationsDir = path.join(import.meta.dirname, 'migrations');
const indexFile = path.join(migrationsDir, 'index.ts');
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-migration-'));
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(dataRoot, 'pg'),
  database: 'claims_migration',
});
let status: number;
try {
  const orm = await openDatabase(postgres.url, pino({ level: 'silent' }));
  try {
    await migrate(orm);
  } finally {
    await orm.close();
  }
  const cli = spawnSync('mikro-orm', ['migration:create', '--name', name], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: postgres.url,
      MIKRO_ORM_CLI_CONFIG: 'src/db/mikro-orm.config.ts',
    },
  });
  status = cli.status ?? 1;
  if (status === 0) listNewMigrations();
} finally {
  await postgres.stop();
  fs.rmSync(dataRoot, { recursive: true, force: true });
}
process.exit(status);

/** Adds every migration file that index.ts does not list yet to its imports and its list. */
function listNewMigrations(): void {
  let index = fs.readFileSync(indexFile, 'utf8');
  const unlisted = fs
    .readdirSync(migrationsDir)
    .filter((file) => /^Migration\d{14}\w*\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .filter((migration) => !index.includes(`'./${migration}.ts'`))
    .sort();
  for (const migration of unlisted) {
    index = index
      .replace(/\n\n\/\*\*/, `\nimport { ${migration} } from './${migration}.ts';\n\n/**`)
      .replace(/\n\];\n?$/, `\n  { name: '${migration}', class: ${migration} },\n];\n`);
    console.log(`listed ${migration} in src/db/migrations/index.ts`);
  }
  fs.writeFileSync(indexFile, index);
}
