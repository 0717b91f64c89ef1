// Which of a section form's errors the banner counts: the ones its fields show after a
// failed submit (validation errors of touched fields, server errors of unchanged fields).
import { FORM_ERROR_KEY } from './serverErrors';
import type { FormErrors } from '../state/validationErrors';

export interface SectionFormState {
  submitFailed?: boolean;
  errors?: Record<string, unknown>;
  submitErrors?: Record<string, unknown>;
  touched?: Record<string, boolean>;
  dirtyFieldsSinceLastSubmit?: Record<string, boolean>;
}

export function bannerErrors(state: SectionFormState): FormErrors {
  if (!state.submitFailed) return {};
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(state.errors ?? {})) {
    if (field !== FORM_ERROR_KEY && typeof message === 'string' && state.touched?.[field])
      shown[field] = message;
  }
  for (const [field, message] of Object.entries(state.submitErrors ?? {})) {
    if (field === FORM_ERROR_KEY || field in shown || typeof message !== 'string') continue;
    if (!state.dirtyFieldsSinceLastSubmit?.[field]) shown[field] = message;
  }
  return shown;
}
