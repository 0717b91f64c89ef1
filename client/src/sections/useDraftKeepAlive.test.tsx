// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_MS, useDraftKeepAlive } from './useDraftKeepAlive';

describe('keeping the saved draft alive while the claimant types', () => {
  it('reloads the draft at most once every KEEP_ALIVE_MS of activity', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    const { result } = renderHook(() => useDraftKeepAlive(reload, () => now));

    result.current();
    expect(reload).not.toHaveBeenCalled();
    now += KEEP_ALIVE_MS;
    result.current();
    result.current();
    expect(reload).toHaveBeenCalledTimes(1);
    now += KEEP_ALIVE_MS - 1;
    result.current();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 1;
    result.current();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
