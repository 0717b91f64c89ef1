import type { ReactNode } from 'react';
import { controlAria, FieldShell } from '../../components/FieldShell/FieldShell';
import { useFormField } from '../../components/FieldShell/useFormField';

export interface TextAreaFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  // Shows the GOV.UK character count under the box (announced politely as it changes).
  maxLength?: number;
}

// TextField's multi-line sibling (the claimant form has no free text).
export function TextAreaField({ name, label, hint, rows = 4, maxLength }: TextAreaFieldProps) {
  const { input, ids, error } = useFormField<string | undefined, HTMLTextAreaElement>(name);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <textarea
        id={ids.input}
        name={input.name}
        className="input staff-textarea"
        rows={rows}
        value={input.value ?? ''}
        {...controlAria(ids, hint !== undefined, error)}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
      {maxLength !== undefined && (
        <CharacterCount used={(input.value ?? '').length} max={maxLength} />
      )}
    </FieldShell>
  );
}

function CharacterCount({ used, max }: { used: number; max: number }) {
  const left = max - used;
  return (
    <p className={`staff-count${left < 0 ? ' staff-count--over' : ''}`} aria-live="polite">
      {left >= 0
        ? `You have ${left} ${left === 1 ? 'character' : 'characters'} remaining`
        : `You have ${-left} ${left === -1 ? 'character' : 'characters'} too many`}
    </p>
  );
}
