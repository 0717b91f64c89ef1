import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A database of its own on the run's PostgreSQL, for tests that reason about every row. */
export async function freshDatabase(label: string): Promise<string> {
  const url = new URL(inject('databaseUrl'));
  const name = `${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
