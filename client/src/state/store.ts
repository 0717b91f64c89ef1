// A value outside React, framework-free, that components read with useStore (useSyncExternalStore):
// the shape of the application's small stores (notifications, the banner's validation errors).
export interface ReadableStore<T> {
  getState: () => T;
  subscribe: (listener: () => void) => () => void;
}

export interface Store<T> extends ReadableStore<T> {
  setState: (next: T) => void;
}

// setState tells every listener; callers skip it when nothing changed.
export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setState(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
