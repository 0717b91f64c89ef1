import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore, DEFAULT_NOTIFICATION_TIMEOUT_MS } from './notifications';

function fakeTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  return {
    timers: {
      setTimeout: (callback: () => void, ms: number) => {
        pending.set(next, { callback, ms });
        return next++;
      },
      clearTimeout: (handle: unknown) => pending.delete(handle as number),
    },
    fire(ms: number) {
      for (const [handle, timer] of [...pending]) {
        if (timer.ms === ms) {
          pending.delete(handle);
          timer.callback();
        }
      }
    },
    pending,
  };
}

describe('notification store', () => {
  it('When notifications are added, then each gets the highest existing id plus one', () => {
    const store = createNotificationStore(fakeTimers().timers);
    expect(store.add({ content: 'a' })).toBe(1);
    expect(store.add({ content: 'b' })).toBe(2);
    store.clear(1);
    expect(store.add({ content: 'c' })).toBe(3);
    store.clearAll();
    expect(store.add({ content: 'd' })).toBe(1);
  });

  it('When one with the same content is added, then the earlier one is removed', () => {
    const store = createNotificationStore(fakeTimers().timers);
    store.add({ content: 'Saved', type: 'success' });
    store.add({ content: 'Other' });
    store.add({ content: 'Saved', type: 'success' });
    expect(store.getState().map((n) => [n.id, n.content])).toEqual([
      [2, 'Other'],
      [3, 'Saved'],
    ]);
  });

  it('defaults to info and 4000 ms, and flags a notification as timed out after its own timeout', () => {
    const clock = fakeTimers();
    const store = createNotificationStore(clock.timers);
    store.add({ content: 'short', timeout: 1000 });
    store.add({ content: 'default' });
    expect(store.getState()[1]).toMatchObject({
      type: 'info',
      timeout: DEFAULT_NOTIFICATION_TIMEOUT_MS,
      timedOut: false,
    });
    clock.fire(1000);
    expect(store.getState().map((n) => [n.content, n.timedOut])).toEqual([
      ['short', true],
      ['default', false],
    ]);
  });

  it('removes timed-out ones when the next is added or when asked to', () => {
    const clock = fakeTimers();
    const store = createNotificationStore(clock.timers);
    store.add({ content: 'a', timeout: 10 });
    clock.fire(10);
    store.add({ content: 'b', timeout: 20 });
    expect(store.getState().map((n) => n.content)).toEqual(['b']);
    clock.fire(20);
    store.clearTimedOut();
    expect(store.getState()).toEqual([]);
  });

  it('clears by id and all, cancelling their timers, and tells subscribers', () => {
    const clock = fakeTimers();
    const store = createNotificationStore(clock.timers);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const first = store.add({ content: 'a' });
    store.add({ content: 'b' });
    store.clear(first);
    expect(store.getState().map((n) => n.content)).toEqual(['b']);
    expect(clock.pending.size).toBe(1);
    store.clearAll();
    expect(store.getState()).toEqual([]);
    expect(clock.pending.size).toBe(0);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    store.add({ content: 'c' });
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
