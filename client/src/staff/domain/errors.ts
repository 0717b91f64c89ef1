// What a staff screen shows for a failed call. The claimant's mapping (generated/transport)
// gives every 403 the catalogue's generic text; staff need to know it was about access.
import { ERROR_MESSAGES, isApiError } from '@prize/generated/transport/errors';
import { messages } from '@prize/generated/rules';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';

export const ACCESS_DENIED = messages.forbidden;

export function staffErrorMessage(error: unknown): string {
  if (!isApiError(error)) return ERROR_MESSAGES.unexpected;
  if (error.status === 403) return ACCESS_DENIED;
  return error.message;
}

// Server field errors go back to their fields; anything else is the form's own error.
export function submissionErrors(error: unknown): SubmissionErrors {
  if (isApiError(error) && error.kind === 'validation') return { ...error.fieldErrors };
  return { [FORM_ERROR]: staffErrorMessage(error) };
}

export function isUnauthorised(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
