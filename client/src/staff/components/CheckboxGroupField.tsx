import type { ReactNode } from 'react';
import { FieldShell } from '../../components/FieldShell/FieldShell';
import { useFormField } from '../../components/FieldShell/useFormField';

export interface CheckboxGroupFieldProps<T extends string> {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly { value: T; label: string }[];
}

// A fieldset of checkboxes whose value is the list of ticked options, in the options' order.
export function CheckboxGroupField<T extends string>({
  name,
  legend,
  hint,
  options,
}: CheckboxGroupFieldProps<T>) {
  const { input, ids, error } = useFormField<T[] | undefined>(name);
  const chosen = input.value || [];
  return (
    <FieldShell ids={ids} label={legend} hint={hint} error={error} group>
      {options.map((option, index) => {
        const id = index === 0 ? ids.input : `${ids.input}-${index}`;
        return (
          <div className="checkbox" key={option.value}>
            <input
              id={id}
              className="checkbox__input"
              type="checkbox"
              name={name}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                const next = options
                  .map((candidate) => candidate.value)
                  .filter((value) =>
                    value === option.value ? event.target.checked : chosen.includes(value),
                  );
                input.onChange(next);
                input.onBlur();
              }}
              onFocus={() => input.onFocus()}
            />
            <label className="checkbox__label" htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </FieldShell>
  );
}
