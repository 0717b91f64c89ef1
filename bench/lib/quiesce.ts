import type pg from 'pg';

/**
 * Run before every measured load, product and baseline alike. pgbench vacuums before each run
 * for the same reason: the set-up (seeding thousands of claims in a second, the previous run)
 * leaves dead rows, stale statistics and dirty pages, and without this the run pays for them
 * (autovacuum starting mid-run, a checkpoint flushing the seed's pages), which is the bench's
 * cost, not the call's. CHECKPOINT needs a superuser: on a DATABASE_URL without one it is skipped.
 */
export async function quiesce(db: pg.Pool): Promise<{ checkpointed: boolean }> {
  await db.query('vacuum analyze');
  return db.query('checkpoint').then(
    () => ({ checkpointed: true }),
    () => ({ checkpointed: false }),
  );
}
