import type { ReactNode } from 'react';
import { describedBy } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ name, label, hint }: CheckboxFieldProps) {
  const { input, ids, error } = useFormField<boolean | undefined>(name);
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <div aria-live="polite">
        {error && (
          <p className="field__error" id={ids.error}>
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
      </div>
      <div className="checkbox">
        <input
          id={ids.input}
          className="checkbox__input"
          type="checkbox"
          name={name}
          checked={input.value === true}
          aria-describedby={describedBy(ids, hint !== undefined, error)}
          onChange={(event) => {
            input.onChange(event.target.checked);
            input.onBlur();
          }}
          onFocus={() => input.onFocus()}
        />
        <label className="checkbox__label" htmlFor={ids.input}>
          {label}
        </label>
        {hint !== undefined && (
          <div className="checkbox__hint" id={ids.hint}>
            {hint}
          </div>
        )}
      </div>
    </div>
  );
}
