import type { Pool } from 'pg';
import type { Database } from './orm.ts';

/**
 * The `pg` pool behind MikroORM, for hot paths written as plain SQL: the claimant's journey
 * (one statement per call, docs/adr/009) and the address index (hand-written searches with a
 * per-transaction statement timeout). One pool, so the connection limit stays where it is.
 */
export async function nativePool(orm: Database): Promise<Pool> {
  return orm.em.getConnection().getNativeClient();
}
