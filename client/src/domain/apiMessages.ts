// Which text a screen or field shows for a failed call (spec section 8).
import { ApiError, ERROR_MESSAGES } from '@prize/generated/transport/errors';
import { SCREEN_MESSAGES, UPLOAD_MESSAGES } from './messages';
import { displayMessage } from './validators';

// A domain error (the server's own message) is shown as it is; anything else gets the
// screen's fallback, and the catalogue's text goes to a notification instead.
export function screenErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.kind === 'general' ? error.message : fallback;
}

export function startClaimErrorMessage(error: unknown): string {
  return screenErrorMessage(error, SCREEN_MESSAGES.startFailed);
}

export function loadClaimErrorMessage(error: unknown): string {
  return screenErrorMessage(error, SCREEN_MESSAGES.loadFailed);
}

export function loadInfoRequestErrorMessage(error: unknown): string {
  return screenErrorMessage(error, SCREEN_MESSAGES.loadRequestFailed);
}

// Whether the failure also deserves a notification: validation errors go to the form, and a
// domain message already shown on the screen is not repeated.
export function notificationFor(
  error: unknown,
  options: { shownOnScreen?: boolean } = {},
): string | undefined {
  if (!(error instanceof ApiError)) return ERROR_MESSAGES.unexpected;
  if (error.kind === 'validation') return undefined;
  if (error.kind === 'general' && options.shownOnScreen) return undefined;
  return error.message;
}

export function uploadErrorMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.status === 413 || error.message === UPLOAD_MESSAGES.tooLarge)
  ) {
    return UPLOAD_MESSAGES.tooLarge;
  }
  if (error instanceof ApiError && error.message === UPLOAD_MESSAGES.sizeMisconfigured) {
    return UPLOAD_MESSAGES.sizeMisconfigured;
  }
  return UPLOAD_MESSAGES.failed;
}

export interface FieldMeta {
  touched?: boolean;
  error?: unknown;
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean;
}

// The message a field shows: its own validation error once touched, otherwise a server
// error until the field is changed. 'Value' in a message reads 'Field'.
export function visibleFieldError(meta: FieldMeta): string | undefined {
  const message =
    (meta.touched && typeof meta.error === 'string' && meta.error) ||
    (!meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' && meta.submitError) ||
    undefined;
  return message === undefined ? undefined : displayMessage(message);
}
