import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('store', () => {
  it('gives the value set and tells each listener until it unsubscribes', () => {
    const store = createStore(1);
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = store.subscribe(first);
    store.subscribe(second);

    store.setState(2);
    expect(store.getState()).toBe(2);
    expect(first).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.setState(3);
    expect(store.getState()).toBe(3);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
