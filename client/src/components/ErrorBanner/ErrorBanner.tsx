import { FORM_ERROR } from 'final-form';
import type { Ref } from 'react';
import { FORM_MESSAGES } from '../../domain/messages';
import { useStore } from '../../state/useStore';
import {
  countErrors,
  validationErrors,
  type ValidationErrorStore,
} from '../../state/validationErrors';
import { displayMessage } from '../../domain/validators';
import { ErrorText, fieldIds } from '../FieldShell/FieldShell';

export interface ErrorBannerProps {
  bannerRef?: Ref<HTMLDivElement>;
  // Where the messages come from: the claimant forms' store by default, the back office's own.
  store?: ValidationErrorStore;
  // The heading for this many problems; the claimant forms' wording by default.
  title?: (count: number) => string;
  // The line under the heading; none when null.
  body?: string | null;
  // The element id, for a form that moves focus here without a ref (the back office's forms).
  id?: string;
}

function focusField(name: string) {
  const element = document.getElementById(fieldIds(name).input);
  if (!element) return false;
  element.focus();
  element.scrollIntoView({ block: 'center' });
  return true;
}

// The one error summary (GOV.UK pattern) of the claimant and the staff pages: the messages the
// fields show, each linked to its field, and a form-wide message (FORM_ERROR) as plain text. A
// form moves focus here when a submit fails.
export function ErrorBanner({
  bannerRef,
  store = validationErrors,
  title = FORM_MESSAGES.bannerTitle,
  body = FORM_MESSAGES.bannerBody,
  id,
}: ErrorBannerProps) {
  const state = useStore(store);
  const count = countErrors(state);
  const titleId = `${id ?? 'error-banner'}-title`;
  return (
    <div className="error-banner-slot">
      {count > 0 && (
        <div
          className="error-banner"
          id={id}
          ref={bannerRef}
          tabIndex={-1}
          aria-labelledby={titleId}
        >
          <h2 className="error-banner__title" id={titleId}>
            {title(count)}
          </h2>
          {body !== null && <p className="error-banner__body">{body}</p>}
          <ul className="error-banner__list">
            {Object.entries(state).flatMap(([form, errors]) =>
              Object.entries(errors).map(([name, message]) => (
                <li key={`${form}:${name}`}>
                  {name === FORM_ERROR ? (
                    displayMessage(message)
                  ) : (
                    <a
                      href={`#${fieldIds(name).input}`}
                      onClick={(event) => {
                        if (focusField(name)) event.preventDefault();
                      }}
                    >
                      <ErrorText message={displayMessage(message)} />
                    </a>
                  )}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
