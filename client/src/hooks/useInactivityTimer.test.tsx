// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInactivityTimer } from './useInactivityTimer';

describe('useInactivityTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns two minutes before expiry; a restart puts both off; then it expires', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useInactivityTimer(20, true, onExpire));

    act(() => vi.advanceTimersByTime(18 * 60_000 - 1));
    expect(result.current.warningClearsAt).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.warningClearsAt).toBe(Date.now() + 2 * 60_000);

    act(() => result.current.restart());
    expect(result.current.warningClearsAt).toBeNull();
    act(() => vi.advanceTimersByTime(19 * 60_000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(result.current.warningClearsAt).toBeNull();
  });

  it('When inactive, then nothing runs', () => {
    const onExpire = vi.fn();
    renderHook(() => useInactivityTimer(1, false, onExpire));
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(onExpire).not.toHaveBeenCalled();
  });
});
