import type { ReactNode } from 'react';
import type { FieldValidator } from 'final-form';
import { formatTicketNumber, type Groups, maxFormattedLength } from '../../domain/ticketNumber';
import { controlAria, FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface TicketNumberInputProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  // The group lengths for what has been typed so far (the serial format depends on its start).
  groupsFor: (text: string) => Groups;
  // The longest format this field accepts.
  longestGroups: Groups;
  validate?: FieldValidator<string | undefined>;
  placeholder?: string;
}

// Keeps digits, groups them and adds the hyphen as soon as a group is full.
export function TicketNumberInput({
  name,
  label,
  hint,
  groupsFor,
  longestGroups,
  validate,
  placeholder,
}: TicketNumberInputProps) {
  const { input, ids, error } = useFormField<string | undefined>(name, { validate });
  const value = input.value ?? '';
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        id={ids.input}
        name={name}
        className="input input--medium input--mono"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        maxLength={maxFormattedLength(longestGroups)}
        value={value}
        {...controlAria(ids, hint !== undefined, error)}
        onChange={(event) => {
          const raw = event.target.value;
          const formatted = formatTicketNumber(raw, groupsFor(raw), value);
          input.onChange(formatted === '' ? undefined : formatted);
        }}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </FieldShell>
  );
}
