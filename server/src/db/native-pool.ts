import type { Pool } from 'pg';
import type { Database } from './orm.ts';

/**
 * The `pg` pool behind MikroORM, for the few users that take a `pg` pool rather than an entity
 * manager: rate-limiter-flexible's counts, the address index's hand-written searches (a
 * per-transaction statement timeout, COPY seeding) and the migrations' advisory lock. One pool,
 * so the connection limit stays where it is. The claimant's journey uses the ORM (docs/adr/021).
 */
export async function nativePool(orm: Database): Promise<Pool> {
  return orm.em.getConnection().getNativeClient();
}
