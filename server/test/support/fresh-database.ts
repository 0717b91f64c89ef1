import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { migrate, openDatabase } from '../../src/db/orm.ts';

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

/** A fresh database with the schema migrated, for tests that run parts of the server without it. */
export async function migratedDatabase(label: string): Promise<string> {
  const databaseUrl = await freshDatabase(label);
  const orm = await openDatabase(databaseUrl, pino({ level: 'silent' }));
  try {
    await migrate(orm);
  } finally {
    await orm.close();
  }
  return databaseUrl;
}
