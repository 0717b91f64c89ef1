import { type ReactNode, useState } from 'react';
import { penceToPoundsText, poundsTextToPence, sanitizePriceInput } from '../../domain/price';
import { controlAria, FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface PriceInputProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

// Pounds typed with at most 2 decimals, kept in the form as whole pence.
export function PriceInput({ name, label, hint }: PriceInputProps) {
  const { input, ids, error } = useFormField<number | null | undefined>(name);
  const [text, setText] = useState(() => penceToPoundsText(input.value));
  // The stored amount changed from outside (a reset): show it.
  const shown =
    poundsTextToPence(text) === (input.value ?? null) ? text : penceToPoundsText(input.value);

  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <div className="price-input">
        <span className="price-input__prefix" aria-hidden="true">
          £
        </span>
        <input
          id={ids.input}
          name={name}
          className="input input--short price-input__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="£"
          value={shown}
          {...controlAria(ids, hint !== undefined, error)}
          onChange={(event) => {
            const next = sanitizePriceInput(event.target.value);
            setText(next);
            input.onChange(poundsTextToPence(next));
          }}
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
        />
      </div>
    </FieldShell>
  );
}
