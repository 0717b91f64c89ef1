import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { controlAria, FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  type?: 'text' | 'tel' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'numeric' | 'tel' | 'decimal';
  width?: 'full' | 'medium' | 'short' | 'tiny';
  maxLength?: number;
  // Turns what is typed into what is kept (for example digits only).
  parse?: (value: string) => string;
  spellCheck?: boolean;
}

export function TextField({
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  width = 'full',
  maxLength,
  parse,
  spellCheck,
}: TextFieldProps) {
  const { input, ids, error } = useFormField<string | undefined, HTMLInputElement>(name);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        id={ids.input}
        name={input.name}
        className={`input input--${width}`}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        spellCheck={spellCheck}
        value={input.value ?? ''}
        {...controlAria(ids, hint !== undefined, error)}
        onChange={(event) => input.onChange(parse ? parse(event.target.value) : event.target.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </FieldShell>
  );
}
