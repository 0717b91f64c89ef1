import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PENDING_ON_REAL_SERVER, SKIPPED_ON_REAL_SERVER } from '../support/pending.ts';
import { contractOperations } from '../support/scenario.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The suite itself: every operation of the contract has scenarios, in the file of its tag. */
describe('the contract-test suite', () => {
  const operations = contractOperations();

  it('has scenarios for every operation of the contract, in the file of its tag', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const { operationId, tags } of operations) {
      const file = path.join(here, `${tags[0]}.test.ts`);
      expect(fs.existsSync(file), `${file} for ${operationId}`).toBe(true);
      expect(
        fs.readFileSync(file, 'utf8'),
        `${operationId} has no operation('${operationId}', ...) in ${tags[0]}.test.ts`,
      ).toContain(`operation('${operationId}',`);
    }
  });

  it('lists only operations of the contract as pending or skipped on the real server', () => {
    const ids = new Set(operations.map((operation) => operation.operationId));
    for (const id of [...PENDING_ON_REAL_SERVER, ...SKIPPED_ON_REAL_SERVER.keys()])
      expect(ids, id).toContain(id);
  });
});
