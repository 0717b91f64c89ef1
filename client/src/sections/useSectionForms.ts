import { createForm, type FormApi, type Mutator } from 'final-form';
import { useState, type RefObject } from 'react';
import type { SectionId } from '../form/sections';
import { afterPointerRelease } from './afterPointerRelease';
import type { AnyValues, SectionForms, SectionSubmit, SectionSubmitResult } from './sectionTypes';

export interface SectionFormsOptions<Id extends SectionId> {
  ids: readonly Id[];
  initialValues?: Partial<Record<Id, AnyValues>>;
  // Read when a form validates or submits, never while the forms are made.
  validate: (id: Id, values: AnyValues) => Record<string, unknown>;
  submitHandler: RefObject<(id: Id, values: AnyValues) => SectionSubmitResult>;
}

// The server's errors of the last submit, cleared without submitting again (final-form keeps
// them until the next submit): spec section 7, validation errors are cleared after every call.
const clearSubmitErrors: Mutator<AnyValues> = (_args, state) => {
  state.formState.submitErrors = undefined;
  state.formState.submitError = undefined;
};

// One final-form instance per section, made once and kept, so answers survive a section
// collapsing; each form's submit is its own function, so <Form> never replaces it.
export function useSectionForms<Id extends SectionId>({
  ids,
  initialValues,
  validate,
  submitHandler,
}: SectionFormsOptions<Id>): { forms: SectionForms<Id>; submits: Record<Id, SectionSubmit> } {
  // The forms' callbacks read the refs when a form validates or submits, never this initialiser
  // (createForm's validation at creation is skipped: `creating`).
  const [made] = useState(() => {
    const forms = {} as Record<Id, FormApi<AnyValues>>;
    const submits = {} as Record<Id, SectionSubmit>;
    // createForm validates at once; a section's rules may read other sections' forms, which
    // do not all exist yet (nothing is shown before the first change anyway).
    let creating = true;
    for (const id of ids) {
      submits[id] = (values) => submitHandler.current(id, values);
      const form = createForm<AnyValues>({
        initialValues: initialValues?.[id],
        onSubmit: (values) => submits[id](values),
        validate: (values) => (creating ? {} : validate(id, values)),
        // Spec section 5: fields validate on blur (choices call blur as they change).
        validateOnBlur: true,
        mutators: { clearSubmitErrors },
      });
      // Fields blur through the form's own method: held while a pointer is down, so a message
      // changing on blur cannot move the button being clicked.
      const blur = form.blur;
      form.blur = (name) => afterPointerRelease(() => blur(name));
      forms[id] = form;
    }
    creating = false;
    return { forms: forms as unknown as SectionForms<Id>, submits };
  });
  return made;
}
