import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/infra/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let postgres: EmbeddedPostgres | undefined;
let dataRoot: string | undefined;

/** One PostgreSQL for the whole run (DATABASE_URL when set, else an embedded one in a temp folder). */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-test-'));
  postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataRoot, 'pg'),
    database: 'claims_test',
  });
  project.provide('databaseUrl', postgres.url);
}

export async function teardown(): Promise<void> {
  await postgres?.stop();
  if (postgres) fs.rmSync(path.dirname(postgres.dataDir), { recursive: true, force: true });
  if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
}
