import type { ReactNode } from 'react';
import { FIELD_MESSAGES, LOST_TICKET_LINK_TEXT } from '../../domain/messages';
import { usePageConfig } from '../../config';

export interface FieldIds {
  input: string;
  hint: string;
  error: string;
}

export function fieldIds(name: string): FieldIds {
  return { input: `field-${name}`, hint: `field-${name}-hint`, error: `field-${name}-error` };
}

// What aria-describedby should name: the hint and the error when they are shown.
export function describedBy(
  ids: FieldIds,
  hasHint: boolean,
  error: string | undefined,
): string | undefined {
  const parts = [hasHint ? ids.hint : '', error ? ids.error : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

// What a field's control says of its state: invalid while an error shows, described by its hint and error.
export function controlAria(ids: FieldIds, hasHint: boolean, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(ids, hasHint, error),
  } as const;
}

// The not-in-possession message ends with a link to the lost-ticket form.
export function ErrorText({ message }: { message: string }) {
  const { links } = usePageConfig();
  if (message === FIELD_MESSAGES.isTicketInPossession) {
    const lead = message.slice(0, message.length - LOST_TICKET_LINK_TEXT.length);
    return (
      <>
        {lead}
        <a href={links.lostTicket}>{LOST_TICKET_LINK_TEXT}</a>
      </>
    );
  }
  return <>{message}</>;
}

export interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  // Radios and the date selector group their inputs in a fieldset with a legend.
  group?: boolean;
  className?: string;
  children: ReactNode;
}

export function FieldShell({
  ids,
  label,
  hint,
  error,
  group = false,
  className,
  children,
}: FieldShellProps) {
  const classes = ['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ');
  const body = (
    <>
      {hint !== undefined && (
        <div className="field__hint" id={ids.hint}>
          {hint}
        </div>
      )}
      <div aria-live="polite">
        {error && (
          <p className="field__error" id={ids.error}>
            <span className="visually-hidden">Error: </span>
            <ErrorText message={error} />
          </p>
        )}
      </div>
      {children}
    </>
  );
  if (group) {
    return (
      <div className={classes}>
        <fieldset
          className="fieldset"
          aria-describedby={describedBy(ids, hint !== undefined, error)}
        >
          <legend className="fieldset__legend">{label}</legend>
          {body}
        </fieldset>
      </div>
    );
  }
  return (
    <div className={classes}>
      <label className="field__label" htmlFor={ids.input}>
        {label}
      </label>
      {body}
    </div>
  );
}
