// The store of validation errors shown in the banner: per form, the message of each field
// that currently shows one. A form with no messages is dropped.

export type FormErrors = Readonly<Record<string, string>>;

export interface ValidationErrorStore {
  getState: () => Readonly<Record<string, FormErrors>>;
  subscribe: (listener: () => void) => () => void;
  set: (formId: string, errors: FormErrors) => void;
  clear: () => void;
}

function sameErrors(a: FormErrors | undefined, b: FormErrors): boolean {
  if (a === undefined) return Object.keys(b).length === 0;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export function createValidationErrorStore(): ValidationErrorStore {
  let state: Readonly<Record<string, FormErrors>> = {};
  const listeners = new Set<() => void>();
  const publish = (next: Record<string, FormErrors>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(formId, errors) {
      if (sameErrors(state[formId], errors)) return;
      const next = { ...state };
      const present = Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== ''));
      if (Object.keys(present).length === 0) delete next[formId];
      else next[formId] = present;
      publish(next);
    },
    clear() {
      if (Object.keys(state).length > 0) publish({});
    },
  };
}

export function countErrors(state: Readonly<Record<string, FormErrors>>): number {
  return Object.values(state).reduce((sum, errors) => sum + Object.keys(errors).length, 0);
}

export const validationErrors = createValidationErrorStore();
