import type { ReferenceBlock } from './claim.repository.ts';

/**
 * Claim references handed out by this process from blocks of the claim table's identity
 * sequence. The sequence steps by the block size (migration ClaimReferenceBlocks), so each draw
 * reserves the numbers from the value it returns up to the next step for this process alone: a
 * start knows its claim's reference, and so its hashid, before it writes the claim. Numbers a
 * process leaves unused when it stops are skipped; references only need to be unique.
 */
export function referenceBlocks(draw: () => Promise<ReferenceBlock>): () => Promise<number> {
  let next = 0;
  let end = 0;
  let fetching: Promise<void> | undefined;

  async function fetchBlock(): Promise<void> {
    const block = await draw();
    next = block.first;
    end = block.first + block.size;
  }

  return async function nextReference(): Promise<number> {
    while (next >= end) {
      fetching ??= fetchBlock().finally(() => (fetching = undefined));
      await fetching;
    }
    return next++;
  };
}
