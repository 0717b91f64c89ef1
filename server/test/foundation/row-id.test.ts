import { describe, expect, it } from 'vitest';
import { newRowId } from '../../src/db/row-id.ts';

describe('newRowId (issue 35: index locality at a million claims)', () => {
  it('when rows are made one after another, then their keys sort in the order they were made', async () => {
    const made: string[] = [];
    for (let i = 0; i < 50; i++) {
      made.push(newRowId());
      // Across milliseconds as well as within one.
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('when a key is made, then it is a version 7 UUID that starts with the time it was made', () => {
    const before = Date.now();
    const id = newRowId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(after);
  });
});
