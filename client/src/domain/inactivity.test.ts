import { describe, expect, it } from 'vitest';
import { formatRemaining, inactivitySchedule } from './inactivity';

describe('inactivity', () => {
  it('warns two minutes before clearing', () => {
    expect(inactivitySchedule(20)).toEqual({ warnAfterMs: 18 * 60_000, clearAfterMs: 20 * 60_000 });
    expect(inactivitySchedule(2)).toEqual({ warnAfterMs: 60_000, clearAfterMs: 120_000 });
  });

  it.each([
    [120_000, '2 minutes'],
    [65_000, '1 minute 5 seconds'],
    [45_500, '46 seconds'],
    [1_000, '1 second'],
    [0, '0 seconds'],
  ])('%i ms reads %j', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});
