import type { FormApi } from 'final-form';
import { useSyncExternalStore } from 'react';

// The values of a section's form, also while the section is collapsed (no <Form> mounted).
export function useFormValues<V extends object>(form: FormApi<V>): V {
  return useSyncExternalStore(
    (listener) => form.subscribe(listener, { values: true }),
    () => form.getState().values,
    () => form.getState().values,
  );
}
