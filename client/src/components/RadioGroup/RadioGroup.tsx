import type { ReactNode } from 'react';
import { FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface RadioOption<T> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
}

export interface RadioGroupProps<T extends string | boolean> {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly RadioOption<T>[];
  inline?: boolean;
  // Runs after the choice is stored, e.g. to reset fields that depend on it.
  onChoose?: (value: T) => void;
}

export const YES_NO: readonly RadioOption<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

// A fieldset of radios; the choice validates as soon as it changes (spec section 5).
export function RadioGroup<T extends string | boolean>({
  name,
  legend,
  hint,
  options,
  inline = false,
  onChoose,
}: RadioGroupProps<T>) {
  const { input, ids, error } = useFormField<T | undefined>(name);
  return (
    <FieldShell ids={ids} label={legend} hint={hint} error={error} group>
      <div className={inline ? 'radios radios--inline' : 'radios'}>
        {options.map((option, index) => {
          const id = index === 0 ? ids.input : `${ids.input}-${index}`;
          const hintId = option.hint === undefined ? undefined : `${id}-hint`;
          return (
            <div className="radios__item" key={String(option.value)}>
              <input
                id={id}
                className="radios__input"
                type="radio"
                name={name}
                value={String(option.value)}
                checked={input.value === option.value}
                aria-describedby={hintId}
                onChange={() => {
                  input.onChange(option.value);
                  input.onBlur();
                  onChoose?.(option.value);
                }}
                onBlur={() => input.onBlur()}
                onFocus={() => input.onFocus()}
              />
              <label className="radios__label" htmlFor={id}>
                {option.label}
              </label>
              {hintId !== undefined && (
                <div className="radios__hint" id={hintId}>
                  {option.hint}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </FieldShell>
  );
}
