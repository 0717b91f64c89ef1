import { useSyncExternalStore } from 'react';
import type { ReadableStore } from './store';

// A store's current value; the component renders again when it changes.
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
