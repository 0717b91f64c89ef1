import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { describedBy, FieldShell, fieldIds } from '../../components/FieldShell/FieldShell';
import { visibleFieldError } from '../../domain/apiMessages';

export interface TextAreaFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
}

// TextField's multi-line sibling (the claimant form has no free text).
export function TextAreaField({ name, label, hint, rows = 4 }: TextAreaFieldProps) {
  const { input, meta } = useField<string | undefined, HTMLTextAreaElement>(name, {
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
      <textarea
        id={ids.input}
        name={input.name}
        className="input staff-textarea"
        rows={rows}
        value={input.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint !== undefined, error)}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </FieldShell>
  );
}
