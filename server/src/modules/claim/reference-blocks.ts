import type { Pool } from 'pg';

/**
 * Claim references handed out by this process from blocks of the claim table's identity
 * sequence. The sequence steps by the block size (migration ClaimReferenceBlocks), so each
 * nextval reserves the numbers from the value it returns up to the next step for this process
 * alone: a start knows its claim's reference, and so its hashid, before its one statement.
 * Numbers a process leaves unused when it stops are skipped; references only need to be unique.
 */
export function referenceBlocks(pool: Pool): () => Promise<number> {
  let next = 0;
  let end = 0;
  let fetching: Promise<void> | undefined;

  async function fetchBlock(): Promise<void> {
    const { rows } = await pool.query<{ first: string; size: string }>({
      name: 'claim.reference-block',
      text: `select nextval(s.seq) as first, p.increment_by as size
               from (select pg_get_serial_sequence('claim', 'reference') as seq) s
               join pg_sequences p on format('%I.%I', p.schemaname, p.sequencename) = s.seq`,
    });
    next = Number(rows[0]!.first);
    end = next + Number(rows[0]!.size);
  }

  return async function nextReference(): Promise<number> {
    while (next >= end) {
      fetching ??= fetchBlock().finally(() => (fetching = undefined));
      await fetching;
    }
    return next++;
  };
}
