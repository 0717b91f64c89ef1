import type { Pool } from 'pg';
import type { Database } from '../../db/orm.ts';

/**
 * The `pg` pool behind MikroORM. The address index is read with plain SQL on it: the searches
 * are hot, hand-written and use a per-transaction statement timeout, none of which needs the ORM.
 */
export async function nativePool(orm: Database): Promise<Pool> {
  return orm.em.getConnection().getNativeClient();
}
