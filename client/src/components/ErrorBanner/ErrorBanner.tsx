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
  store?: ValidationErrorStore;
}

function focusField(name: string) {
  const element = document.getElementById(fieldIds(name).input);
  if (!element) return false;
  element.focus();
  element.scrollIntoView({ block: 'center' });
  return true;
}

// The banner at the top of the form; it takes focus when a submit fails and links each
// message to its field.
export function ErrorBanner({ bannerRef, store = validationErrors }: ErrorBannerProps) {
  const state = useStore(store);
  const count = countErrors(state);
  return (
    <div className="error-banner-slot">
      {count > 0 && (
        <div
          className="error-banner"
          ref={bannerRef}
          tabIndex={-1}
          aria-labelledby="error-banner-title"
        >
          <h2 className="error-banner__title" id="error-banner-title">
            {FORM_MESSAGES.bannerTitle(count)}
          </h2>
          <p className="error-banner__body">{FORM_MESSAGES.bannerBody}</p>
          <ul className="error-banner__list">
            {Object.values(state).flatMap((errors) =>
              Object.entries(errors).map(([name, message]) => (
                <li key={name}>
                  <a
                    href={`#${fieldIds(name).input}`}
                    onClick={(event) => {
                      if (focusField(name)) event.preventDefault();
                    }}
                  >
                    <ErrorText message={displayMessage(message)} />
                  </a>
                </li>
              )),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
