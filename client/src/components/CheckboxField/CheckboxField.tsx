import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { visibleFieldError } from '../../domain/apiMessages';
import { describedBy, fieldIds } from '../FieldShell/FieldShell';

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ name, label, hint }: CheckboxFieldProps) {
  const { input, meta } = useField<boolean | undefined>(name, {
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
