import { createForm, FORM_ERROR, type FormApi, type SubmissionErrors } from 'final-form';
import {
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import { isApiError } from '@prize/generated/transport/errors';
import { sectionTitleId } from '../components/FormSection/FormSection';
import { notificationFor } from '../domain/apiMessages';
import { bannerErrors } from '../form/bannerErrors';
import type {
  AboutTicketValues,
  ClaimDetailsValues,
  Errors,
  IdDocumentsValues,
  PaymentValues,
  PersonalDetailsValues,
  TicketImagesValues,
} from '../form/claimForm';
import { FORM_MESSAGES } from '../domain/messages';
import { notifications } from '../state/notifications';
import {
  flowReducer,
  type FlowState,
  INITIAL_FLOW,
  sectionButtonLabel,
  type SectionId,
  sectionStatus,
  type SectionStatus,
} from '../form/sections';
import { mapServerErrors, type SectionErrors } from '../form/serverErrors';
import { validationErrors } from '../state/validationErrors';
import { afterPointerRelease } from './afterPointerRelease';

export interface SectionValues {
  personalDetails: PersonalDetailsValues;
  idDocuments: IdDocumentsValues;
  claimDetails: ClaimDetailsValues;
  aboutTicket: AboutTicketValues;
  ticketImages: TicketImagesValues;
  payment: PaymentValues;
}

export type SectionForms<Id extends SectionId> = { [K in Id]: FormApi<SectionValues[K]> };

export type AnyValues = Record<string, unknown>;

/** One function per section, typed by that section's values: a form's registry of its sections' rules or submits. */
export type PerSection<Id extends SectionId, Result> = {
  [K in Id]: (values: SectionValues[K]) => Result;
};
export type SectionSubmitResult = SubmissionErrors | Promise<SubmissionErrors> | undefined;
type SectionSubmit = (values: AnyValues) => SectionSubmitResult;

export interface SectionFlowOptions<Id extends SectionId> {
  // Every section the form can show: a form is made for each, once.
  ids: readonly Id[];
  // The sections shown now, in order (the ID documents section comes and goes).
  order: readonly Id[];
  validate: PerSection<Id, Errors>;
  // A section's own submit, once its fields are valid and no server errors wait for it; a
  // section without one completes.
  submit: Partial<PerSection<Id, SectionSubmitResult>>;
  onActivity: () => void;
  // Before a completed section reopens for editing.
  onEdit?: (id: Id) => void;
  // Once a section is completed (Next or Save), with its answers: the draft is saved.
  onComplete?: (id: Id, values: AnyValues) => void;
  // Sections saved before (a draft loaded when the page opened): they start completed.
  initial?: { completed: readonly Id[]; values: Partial<Record<Id, AnyValues>> };
}

// What every section component takes from the flow (SectionProps without its form).
export interface SectionCommonProps {
  number: number;
  status: SectionStatus;
  buttonLabel: string;
  onEdit: () => void;
  onSubmit: () => Promise<void>;
  formSubmit: SectionSubmit;
}

export interface SectionFlow<Id extends SectionId> {
  forms: SectionForms<Id>;
  flow: FlowState;
  bannerRef: RefObject<HTMLDivElement | null>;
  common: (id: Id) => SectionCommonProps;
  isCompleted: (id: Id) => boolean;
  focus: (target: Id | 'banner') => void;
  // Collapses the section, unlocks the next and moves focus on; `sections` is the order to
  // use when it has just changed (an identity check answered).
  complete: (id: Id, sections?: readonly Id[]) => void;
  // For the last section: reopens every earlier section that is unfinished or invalid.
  // Returns the form error to show, or undefined when all are done.
  requireEarlierSections: (last: Id) => SubmissionErrors | undefined;
  // A failed call: validation errors go to the fields of each section (other sections are
  // reopened), anything else to a notification. Returns the submitting section's own errors.
  reportFailure: (id: Id, failure: unknown, usedAddressLookup: boolean) => SubmissionErrors;
  removeFile: (id: Id, field: string) => void;
}

function formFor<Id extends SectionId>(forms: SectionForms<Id>, id: Id): FormApi<AnyValues> {
  return forms[id] as unknown as FormApi<AnyValues>;
}

// The registry's entry for a section: its form holds that section's values (formFor).
function entryFor<Id extends SectionId, Result>(
  registry: Partial<PerSection<Id, Result>>,
  id: Id,
): ((values: AnyValues) => Result) | undefined {
  return registry[id] as ((values: AnyValues) => Result) | undefined;
}

// The section flow of spec sections 2 and 4, shared by the claim form and the info-request
// form: one final-form instance per section (kept so answers survive a section collapsing),
// unlocking, collapse and Edit, server errors through react-final-form submission errors,
// the error banner and where focus goes.
export function useSectionFlow<Id extends SectionId>(
  options: SectionFlowOptions<Id>,
): SectionFlow<Id> {
  // The latest options, for the forms' callbacks and the handlers: updated after each render.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const validateSection = useCallback(
    (id: Id, values: AnyValues): Errors => entryFor(latest.current.validate, id)!(values),
    [],
  );
  const submitHandler = useRef<(id: Id, values: AnyValues) => SectionSubmitResult>(() => undefined);
  // The forms are made once and their callbacks read the refs when a form validates or submits,
  // never this initialiser (createForm's validation at creation is skipped: `creating`).
  // eslint-disable-next-line react-hooks/refs -- the rule cannot see that the closures run later
  const [{ forms, submits }] = useState(() => {
    const made = {} as Record<Id, FormApi<AnyValues>>;
    const submitFns = {} as Record<Id, SectionSubmit>;
    // createForm validates at once; a section's rules may read other sections' forms, which
    // do not all exist yet (nothing is shown before the first change anyway).
    let creating = true;
    for (const id of options.ids) {
      // The submit functions are the forms' own, so <Form> never replaces them.
      submitFns[id] = (values) => submitHandler.current(id, values);
      const form = createForm<AnyValues>({
        initialValues: options.initial?.values[id],
        onSubmit: (values) => submitFns[id](values),
        validate: (values) => (creating ? {} : validateSection(id, values)),
        // Spec section 5: fields validate on blur (choices call blur as they change).
        validateOnBlur: true,
      });
      // Fields blur through the form's own method: held while a pointer is down, so a message
      // changing on blur cannot move the button being clicked.
      const blur = form.blur;
      form.blur = (name) => afterPointerRelease(() => blur(name));
      made[id] = form;
    }
    creating = false;
    return { forms: made as unknown as SectionForms<Id>, submits: submitFns };
  });
  const [flow, dispatch] = useReducer(flowReducer, options.initial, (initial) =>
    initial ? { ...INITIAL_FLOW, completed: [...initial.completed] } : INITIAL_FLOW,
  );
  const flowRef = useRef(flow);
  useLayoutEffect(() => {
    flowRef.current = flow;
  });
  const [focusTarget, setFocusTarget] = useState<{ id: Id | 'banner'; at: number } | null>(null);
  const [injecting, setInjecting] = useState<Id[]>([]);
  const injected = useRef<SectionErrors>({});
  const bannerRef = useRef<HTMLDivElement>(null);

  const isCompleted = (id: Id) => flowRef.current.completed.includes(id);
  const hasErrors = (id: Id) =>
    Object.keys(validateSection(id, formFor(forms, id).getState().values)).length > 0;
  const focus = (target: Id | 'banner') => setFocusTarget({ id: target, at: Date.now() });

  const complete = (id: Id, sections: readonly Id[] = latest.current.order) => {
    validationErrors.set(id, {});
    const wasCompleted = isCompleted(id);
    dispatch({ type: 'complete', id });
    latest.current.onComplete?.(id, formFor(forms, id).getState().values);
    // A change here can make a later, completed section wrong (a Scratchcard needs its back).
    const later = sections.slice(sections.indexOf(id) + 1);
    const broken = later.filter((section) => isCompleted(section) && hasErrors(section));
    if (broken.length > 0) dispatch({ type: 'reopen', ids: broken });
    const next =
      broken[0] ?? (wasCompleted ? id : (later.find((section) => !isCompleted(section)) ?? id));
    focus(next);
  };

  // Server errors for other sections: reopen them and show the errors through their own
  // submit (react-final-form submission errors).
  const showServerErrors = (bySection: SectionErrors) => {
    const ids = latest.current.order.filter((id) => bySection[id] !== undefined);
    for (const id of ids) injected.current[id] = bySection[id];
    dispatch({ type: 'reopen', ids });
    setInjecting(ids);
  };

  const reportFailure = (
    id: Id,
    failure: unknown,
    usedAddressLookup: boolean,
  ): SubmissionErrors => {
    if (!isApiError(failure) || failure.kind !== 'validation') {
      const notice = notificationFor(failure);
      if (notice !== undefined) notifications.add({ content: notice, type: 'error' });
      return undefined;
    }
    const { bySection, unmapped } = mapServerErrors(failure.fieldErrors, { usedAddressLookup });
    const own = bySection[id];
    delete bySection[id];
    // Errors for a section not on the page count as unmapped: nothing else would show them.
    const hidden = Object.keys(bySection).some(
      (section) => !latest.current.order.includes(section as Id),
    );
    if (Object.keys(unmapped).length > 0 || hidden)
      notifications.add({ content: FORM_MESSAGES.submissionFailed, type: 'error' });
    showServerErrors(bySection);
    return own;
  };

  const requireEarlierSections = (last: Id): SubmissionErrors | undefined => {
    const others = latest.current.order.filter((id) => id !== last);
    const unfinished = others.filter((id) => !isCompleted(id) || hasErrors(id));
    if (unfinished.length === 0) return undefined;
    dispatch({ type: 'reopen', ids: unfinished });
    setInjecting(unfinished);
    return { [FORM_ERROR]: FORM_MESSAGES.submissionFailed };
  };

  const handleSubmit = (id: Id, values: AnyValues): SectionSubmitResult => {
    const pending = injected.current[id];
    if (pending !== undefined) {
      delete injected.current[id];
      return pending;
    }
    const own = entryFor(latest.current.submit, id);
    if (own !== undefined) return own(values);
    complete(id);
    return undefined;
  };
  useLayoutEffect(() => {
    submitHandler.current = handleSubmit;
  });

  // Submitting a section: validate everything first (a field may not have been blurred, as
  // when Enter is pressed), then focus the banner when there are errors to fix.
  const submitSection = useCallback(
    async (id: Id) => {
      const form = formFor(forms, id);
      form.setConfig('validate', (values: AnyValues) => validateSection(id, values));
      await form.submit();
      if (Object.keys(bannerErrors(form.getState())).length > 0)
        setFocusTarget({ id: 'banner', at: Date.now() });
    },
    [forms, validateSection],
  );

  useEffect(() => {
    if (injecting.length === 0) return;
    let cancelled = false;
    void (async () => {
      for (const id of injecting) {
        const form = formFor(forms, id);
        form.setConfig('validate', (values: AnyValues) => validateSection(id, values));
        await form.submit();
        delete injected.current[id];
      }
      if (!cancelled) {
        setInjecting([]);
        setFocusTarget({ id: 'banner', at: Date.now() });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [injecting, forms, validateSection]);

  // The banner counts the errors each section's fields show.
  useEffect(() => {
    const unsubscribes = latest.current.ids.map((id) =>
      formFor(forms, id).subscribe((state) => validationErrors.set(id, bannerErrors(state)), {
        submitFailed: true,
        errors: true,
        submitErrors: true,
        touched: true,
        dirtyFieldsSinceLastSubmit: true,
      }),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      validationErrors.clear();
    };
  }, [forms]);

  // Any change to the answers restarts the inactivity timer.
  useEffect(() => {
    const unsubscribes = latest.current.ids.map((id) =>
      formFor(forms, id).subscribe(() => latest.current.onActivity(), { values: true }),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [forms]);

  useEffect(() => {
    if (focusTarget === null) return;
    const element =
      focusTarget.id === 'banner'
        ? bannerRef.current
        : document.getElementById(sectionTitleId(focusTarget.id));
    element?.focus();
    element?.scrollIntoView({ block: 'start' });
  }, [focusTarget]);

  const edit = (id: Id) => {
    latest.current.onEdit?.(id);
    dispatch({ type: 'reopen', ids: [id] });
    focus(id);
  };

  const removeFile = (id: Id, field: string) => {
    formFor(forms, id).change(field, undefined);
    dispatch({ type: 'reopen', ids: [id] });
    focus(id);
  };

  const common = (id: Id): SectionCommonProps => ({
    number: options.order.indexOf(id) + 1,
    status: sectionStatus(flow, options.order, id),
    buttonLabel: sectionButtonLabel(flow, id),
    onEdit: () => edit(id),
    onSubmit: () => submitSection(id),
    formSubmit: submits[id],
  });

  return {
    forms,
    flow,
    bannerRef,
    common,
    isCompleted,
    focus,
    complete,
    requireEarlierSections,
    reportFailure,
    removeFile,
  };
}
