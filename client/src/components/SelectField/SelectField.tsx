import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { controlAria, FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  width?: 'full' | 'medium' | 'short';
}

// Selects validate as soon as they change (spec section 5).
export function SelectField({
  name,
  label,
  hint,
  options,
  placeholder = 'Select',
  autoComplete,
  width = 'medium',
}: SelectFieldProps) {
  const { input, ids, error } = useFormField<string | undefined, HTMLSelectElement>(name);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <select
        id={ids.input}
        name={input.name}
        className={`select input--${width}`}
        autoComplete={autoComplete}
        value={input.value ?? ''}
        {...controlAria(ids, hint !== undefined, error)}
        onChange={(event) => {
          input.onChange(event.target.value === '' ? undefined : event.target.value);
          input.onBlur();
        }}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
