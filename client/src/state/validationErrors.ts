import { createStore, type ReadableStore } from './store';

// The store of validation errors shown in the banner: per form, the message of each field
// that currently shows one. A form with no messages is dropped.

export type FormErrors = Readonly<Record<string, string>>;

export interface ValidationErrorStore extends ReadableStore<Readonly<Record<string, FormErrors>>> {
  set: (formId: string, errors: FormErrors) => void;
  clear: () => void;
}

function sameErrors(a: FormErrors | undefined, b: FormErrors): boolean {
  if (a === undefined) return Object.keys(b).length === 0;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export function createValidationErrorStore(): ValidationErrorStore {
  const store = createStore<Readonly<Record<string, FormErrors>>>({});
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    set(formId, errors) {
      const state = store.getState();
      if (sameErrors(state[formId], errors)) return;
      const next = { ...state };
      const present = Object.fromEntries(
        Object.entries(errors).filter(([, message]) => message !== ''),
      );
      if (Object.keys(present).length === 0) delete next[formId];
      else next[formId] = present;
      store.setState(next);
    },
    clear() {
      if (Object.keys(store.getState()).length > 0) store.setState({});
    },
  };
}

export function countErrors(state: Readonly<Record<string, FormErrors>>): number {
  return Object.values(state).reduce((sum, errors) => sum + Object.keys(errors).length, 0);
}

export const validationErrors = createValidationErrorStore();
