import { FORM_ERROR } from 'final-form';
import { bannerErrors, type SectionFormState } from '../../form/bannerErrors';
import { createValidationErrorStore, type FormErrors } from '../../state/validationErrors';

// The back office's error summary reads this store (StaffLayout, at the top of main); each
// StaffForm keeps its own entry in it.
export const staffErrors = createValidationErrorStore();

// The summary's element id: a form moves focus there when its submit fails.
export const STAFF_ERROR_SUMMARY_ID = 'error-summary';

export const staffSummaryTitle = () => 'There is a problem';

// What a staff form lists in the summary: the messages its fields show (as on the claimant
// pages), and the server's refusal of the whole form first.
export function staffFormErrors(state: SectionFormState & { submitError?: unknown }): FormErrors {
  const fields = bannerErrors(state);
  return state.submitFailed && typeof state.submitError === 'string'
    ? { [FORM_ERROR]: state.submitError, ...fields }
    : fields;
}
