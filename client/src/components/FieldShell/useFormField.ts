import { useField, type FieldInputProps, type UseFieldConfig } from 'react-final-form';
import { visibleFieldError } from '../../domain/apiMessages';
import { fieldIds, type FieldIds } from './FieldShell';

// What every field shows: its value, and its error once touched or as the server sent it.
const SUBSCRIPTION = {
  value: true,
  touched: true,
  error: true,
  submitError: true,
  dirtySinceLastSubmit: true,
} as const;

export interface FormField<V, E extends HTMLElement> {
  input: FieldInputProps<V, E>;
  ids: FieldIds;
  // The message shown under the field, if any (visibleFieldError).
  error: string | undefined;
}

// The one way a field component joins the form: its value, its element ids and its visible error.
export function useFormField<V, E extends HTMLElement = HTMLElement>(
  name: string,
  config: Pick<UseFieldConfig, 'validate'> = {},
): FormField<V, E> {
  const { input, meta } = useField<V, E>(name, { subscription: SUBSCRIPTION, ...config });
  return { input, ids: fieldIds(name), error: visibleFieldError(meta) };
}
