import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { useField } from 'react-final-form';
import { visibleFieldError } from '../../domain/apiMessages';
import { describedBy, FieldShell, fieldIds } from '../FieldShell/FieldShell';

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
  const { input, meta } = useField<string | undefined, HTMLInputElement>(name, {
    subscription: {
      value: true,
      touched: true,
      error: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const ids = fieldIds(name);
  const error = visibleFieldError(meta);
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
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint !== undefined, error)}
        onChange={(event) => input.onChange(parse ? parse(event.target.value) : event.target.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </FieldShell>
  );
}
