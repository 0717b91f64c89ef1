import { describe, expect, it } from 'vitest';
import { addScan, todaysScans } from './todaysScans';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

describe("the post room's scans of today", () => {
  it('When codes are marked received, then the newest is listed first, and a new day starts an empty list', () => {
    const storage = memoryStorage();
    const morning = new Date('2026-03-02T09:00:00Z');
    addScan(storage, { claimHashid: 'A', ticketCode: 'PC-1', at: morning.toISOString() }, morning);
    addScan(storage, { claimHashid: 'B', ticketCode: 'PC-2', at: morning.toISOString() }, morning);
    expect(todaysScans(storage, morning).map((scan) => scan.claimHashid)).toEqual(['B', 'A']);
    expect(todaysScans(storage, new Date('2026-03-03T09:00:00Z'))).toEqual([]);
  });

  it('When the stored list is not readable, then the list is empty', () => {
    const storage = memoryStorage();
    storage.setItem('staff.todaysScans', '{not json');
    expect(todaysScans(storage)).toEqual([]);
  });
});
