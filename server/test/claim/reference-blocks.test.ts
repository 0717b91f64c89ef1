import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { claimRepository } from '../../src/modules/claim/claim.repository.ts';
import { referenceBlocks } from '../../src/modules/claim/reference-blocks.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

let pool: pg.Pool;
let orm: Database;
beforeAll(async () => {
  const url = await migratedDatabase('reference_blocks');
  pool = new pg.Pool({ connectionString: url, max: 4 });
  orm = await openDatabase(url, pino({ level: 'silent' }));
});
afterAll(async () => {
  await pool.end();
  await orm.close();
});

/** A process's draws, as the claim service makes them: the repository on a fresh entity manager. */
const draw = () => claimRepository(orm.em.fork()).drawReferenceBlock();

describe('claim references handed out in blocks', () => {
  it('when two processes and the database default all give references at once, then none is given twice', async () => {
    const [one, two] = [referenceBlocks(draw), referenceBlocks(draw)];
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
    const next = referenceBlocks(() => {
      asked++;
      return draw();
    });
    const given: number[] = [];
    for (let i = 0; i < 250; i++) given.push(await next());
    // Within a block the numbers follow on; a new block starts every 100 (the migration's step).
    for (let i = 1; i < given.length; i++) if (i % 100) expect(given[i]).toBe(given[i - 1]! + 1);
    expect(asked).toBe(3);
  });
});
