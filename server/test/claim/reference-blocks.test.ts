import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceBlocks } from '../../src/modules/claim/reference-blocks.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await migratedDatabase('reference_blocks'), max: 4 });
});
afterAll(() => pool.end());

describe('claim references handed out in blocks', () => {
  it('when two processes and the database default all give references at once, then none is given twice', async () => {
    const [one, two] = [referenceBlocks(pool), referenceBlocks(pool)];
    const given = await Promise.all(Array.from({ length: 250 }, (_, i) => (i % 2 ? one() : two())));
    // A claim inserted without a reference (the database's own default) draws from the same sequence.
    const { rows } = await pool.query<{ reference: string }>(
      `insert into claim (id, token_hash, email, status, link_expires_at) values (gen_random_uuid(), '\\x01', 'a@b.co', 'started', now()) returning reference`,
    );
    given.push(
      Number(rows[0]!.reference),
      ...(await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 ? one() : two())))),
    );
    expect(new Set(given).size).toBe(given.length);
  });

  it('when one process gives many references, then it asks the database once per block of the sequence step', async () => {
    let asked = 0;
    const counting = Object.assign(Object.create(pool) as pg.Pool, {
      query: (...args: Parameters<pg.Pool['query']>) => {
        asked++;
        return (pool.query as (...a: unknown[]) => unknown)(...args);
      },
    });
    const next = referenceBlocks(counting);
    const given: number[] = [];
    for (let i = 0; i < 250; i++) given.push(await next());
    // Within a block the numbers follow on; a new block starts every 100 (the migration's step).
    for (let i = 1; i < given.length; i++) if (i % 100) expect(given[i]).toBe(given[i - 1]! + 1);
    expect(asked).toBe(3);
  });
});
