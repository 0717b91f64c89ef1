import pg from 'pg';
import type { Logger } from 'pino';
import { errorFields } from '../infra/error-fields.ts';
import { SESSION_OPTIONS } from './session-options.ts';

/**
 * A small pool whose commits do not wait for the WAL flush, for bookkeeping a crash may lose
 * without harm: the e-mail outbox's leases and sent marks (a lost one sends an e-mail twice,
 * which at-least-once allows). Claims' own commits, and the rate-limit counts, stay on the
 * synchronous pools. Under load this keeps the bookkeeping out of the
 * queue for each fsync, which claims' commits wait in.
 */
export function asyncCommitPool(databaseUrl: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    options: `${SESSION_OPTIONS} -c synchronous_commit=off`,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection dropped by a restarting PostgreSQL must not end the process.
  pool.on('error', (error) =>
    logger.warn({ err: errorFields(error) }, 'idle database connection lost'),
  );
  return pool;
}
