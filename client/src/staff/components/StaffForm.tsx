import { createForm, type FormApi, type SubmissionErrors, type ValidationErrors } from 'final-form';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Form } from 'react-final-form';
import { Button } from '../../components/Button/Button';
import { afterPointerRelease } from '../../sections/afterPointerRelease';
import { STAFF_ERROR_SUMMARY_ID, staffErrors, staffFormErrors } from './staffErrors';

export interface StaffFormProps<V extends object> {
  onSubmit: (
    values: V,
    form: FormApi<V>,
  ) => SubmissionErrors | undefined | Promise<SubmissionErrors | undefined>;
  validate?: (values: V) => ValidationErrors;
  initialValues?: Partial<V>;
  submitLabel: string;
  submitVariant?: 'primary' | 'secondary' | 'warning';
  // Names the form for assistive technology when a page has more than one.
  label?: string;
  children: ReactNode;
}

// A staff form: labelled fields (the claimant components), its problems listed in the page's
// error summary at the top of main (StaffLayout), and focus moved to the summary each time a
// submit fails, as the claimant forms do with their banner.
export function StaffForm<V extends object>({
  onSubmit,
  validate,
  initialValues,
  submitLabel,
  submitVariant = 'primary',
  label,
  children,
}: StaffFormProps<V>) {
  // Fields blur through the form's own method, held while a pointer is down (as the claim form
  // does): a message appearing on blur would otherwise move the submit button from under the
  // click. <Form> keeps onSubmit and validate up to date from the props.
  const [form] = useState(() => {
    const created = createForm<V>({ onSubmit, validate, initialValues });
    const blur = created.blur;
    created.blur = (name) => afterPointerRelease(() => blur(name));
    return created;
  });
  const formId = useId();
  useEffect(() => {
    const unsubscribe = form.subscribe((state) => staffErrors.set(formId, staffFormErrors(state)), {
      submitFailed: true,
      errors: true,
      submitErrors: true,
      submitError: true,
      touched: true,
      dirtyFieldsSinceLastSubmit: true,
    });
    return () => {
      unsubscribe();
      staffErrors.set(formId, {});
    };
  }, [form, formId]);
  const [failedAttempts, setFailedAttempts] = useState(0);
  useEffect(() => {
    if (failedAttempts > 0) document.getElementById(STAFF_ERROR_SUMMARY_ID)?.focus();
  }, [failedAttempts]);

  return (
    <Form<V> form={form} onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form
          noValidate
          aria-label={label}
          onSubmit={(event) => {
            void Promise.resolve(handleSubmit(event)).then(() => {
              if (form.getState().submitFailed) setFailedAttempts((count) => count + 1);
            });
          }}
        >
          {children}
          <Button type="submit" variant={submitVariant} loading={submitting}>
            {submitLabel}
          </Button>
        </form>
      )}
    </Form>
  );
}
