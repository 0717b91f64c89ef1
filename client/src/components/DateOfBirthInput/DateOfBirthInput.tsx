import { useMemo } from 'react';
import {
  type DateParts,
  daysInMonth,
  formatDateValue,
  MONTH_NAMES,
  parseDateValue,
  withClampedDay,
  yearOptions,
} from '../../domain/dateOfBirth';
import { FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface DateOfBirthInputProps {
  name: string;
  legend: string;
  hint?: string;
  today?: Date;
}

// Day, month and year selects kept as one YYYY-MM-DD value. The day list follows the month
// and the day is clamped when the month shrinks.
export function DateOfBirthInput({
  name,
  legend,
  hint = 'For example, 27 March 1985',
  today,
}: DateOfBirthInputProps) {
  const { input, ids, error } = useFormField<string | undefined>(name);
  const parts = parseDateValue(input.value);
  const years = useMemo(() => yearOptions(today ?? new Date()), [today]);
  const days = daysInMonth(parts.month, parts.year);

  const change = (next: Partial<DateParts>) => {
    const value = formatDateValue(withClampedDay({ ...parts, ...next }));
    input.onChange(value === '' ? undefined : value);
  };
  // The date counts as answered once all three parts are chosen, or when the group is left.
  const blurIfComplete = (next: Partial<DateParts>) => {
    const merged = { ...parts, ...next };
    if (merged.day !== '' && merged.month !== '' && merged.year !== '') input.onBlur();
  };
  const invalid = error ? true : undefined;

  return (
    <FieldShell ids={ids} label={legend} hint={hint} error={error} group>
      <div
        className="date-input"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) input.onBlur();
        }}
      >
        <div className="date-input__item">
          <label className="date-input__label" htmlFor={ids.input}>
            Day
          </label>
          <select
            id={ids.input}
            className="select date-input__day"
            autoComplete="bday-day"
            value={parts.day}
            aria-invalid={invalid}
            onChange={(event) => {
              change({ day: event.target.value });
              blurIfComplete({ day: event.target.value });
            }}
            onFocus={() => input.onFocus()}
          >
            <option value="">Day</option>
            {Array.from({ length: days }, (_, index) => String(index + 1)).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div className="date-input__item">
          <label className="date-input__label" htmlFor={`${ids.input}-month`}>
            Month
          </label>
          <select
            id={`${ids.input}-month`}
            className="select date-input__month"
            autoComplete="bday-month"
            value={parts.month}
            aria-invalid={invalid}
            onChange={(event) => {
              change({ month: event.target.value });
              blurIfComplete({ month: event.target.value });
            }}
            onFocus={() => input.onFocus()}
          >
            <option value="">Month</option>
            {MONTH_NAMES.map((month, index) => (
              <option key={month} value={String(index + 1)}>
                {month}
              </option>
            ))}
          </select>
        </div>
        <div className="date-input__item">
          <label className="date-input__label" htmlFor={`${ids.input}-year`}>
            Year
          </label>
          <select
            id={`${ids.input}-year`}
            className="select date-input__year"
            autoComplete="bday-year"
            value={parts.year}
            aria-invalid={invalid}
            onChange={(event) => {
              change({ year: event.target.value });
              blurIfComplete({ year: event.target.value });
            }}
            onFocus={() => input.onFocus()}
          >
            <option value="">Year</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
    </FieldShell>
  );
}
