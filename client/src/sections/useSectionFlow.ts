import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { isApiError } from '@prize/generated/transport/errors';
import { onCallSettled } from '@prize/generated/transport/http';
import { notificationFor } from '../domain/apiMessages';
import { bannerErrors } from '../form/bannerErrors';
import type { Errors } from '../form/claimForm';
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
import { mapServerErrors } from '../form/serverErrors';
import { validationErrors } from '../state/validationErrors';
import {
  entryFor,
  formFor,
  type AnyValues,
  type PerSection,
  type SectionForms,
  type SectionSubmit,
  type SectionSubmitResult,
} from './sectionTypes';
import { useErrorInjection } from './useErrorInjection';
import { useSectionFocus } from './useSectionFocus';
import { useSectionForms } from './useSectionForms';
import { useSectionSubscriptions } from './useSectionSubscriptions';

export type {
  AnyValues,
  PerSection,
  SectionForms,
  SectionSubmitResult,
  SectionValues,
} from './sectionTypes';

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

// The section flow of spec sections 2 and 4, shared by the claim form and the info-request
// form, composed of its parts: the forms (useSectionForms), where focus goes
// (useSectionFocus), errors shown in other sections (useErrorInjection) and what the page
// hears (useSectionSubscriptions). This function holds the flow itself: which section is open,
// completed or locked (flowReducer), and what a submit, an edit or a failure does to it.
export function useSectionFlow<Id extends SectionId>(
  options: SectionFlowOptions<Id>,
): SectionFlow<Id> {
  // The latest options, for the forms' callbacks and the handlers: updated after each render.
  const latest = useRef(options);
  const onActivity = useRef(options.onActivity);
  useLayoutEffect(() => {
    latest.current = options;
    onActivity.current = options.onActivity;
  });
  const validateSection = useCallback(
    (id: Id, values: AnyValues): Errors => entryFor(latest.current.validate, id)!(values),
    [],
  );
  const submitHandler = useRef<(id: Id, values: AnyValues) => SectionSubmitResult>(() => undefined);
  const { forms, submits } = useSectionForms({
    ids: options.ids,
    initialValues: options.initial?.values,
    validate: validateSection,
    submitHandler,
  });
  const [flow, dispatch] = useReducer(flowReducer, options.initial, (initial) =>
    initial ? { ...INITIAL_FLOW, completed: [...initial.completed] } : INITIAL_FLOW,
  );
  const flowRef = useRef(flow);
  useLayoutEffect(() => {
    flowRef.current = flow;
  });
  const { bannerRef, focus } = useSectionFocus<Id>();
  const focusBanner = useCallback(() => focus('banner'), [focus]);
  const injection = useErrorInjection(forms, validateSection, focusBanner);
  useSectionSubscriptions(forms, options.ids, onActivity);

  // Spec section 7: validation errors are cleared after every claim call, so the server errors
  // shown are the last call's only (that call's own failure sets them again). Left out: the
  // product's draft saves (not the spec's calls; a background save must not wipe errors) and
  // the ticket-number check a field runs as it validates (its answer fills no form errors).
  useEffect(
    () =>
      onCallSettled(({ url }) => {
        if (/\/draft(\/|$)|\/check\//.test(url)) return;
        for (const id of options.ids) formFor(forms, id).mutators.clearSubmitErrors?.();
      }),
    // The ids a flow was made with do not change (useSectionForms made a form for each).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [forms],
  );

  const isCompleted = (id: Id) => flowRef.current.completed.includes(id);
  const hasErrors = (id: Id) =>
    Object.keys(validateSection(id, formFor(forms, id).getState().values)).length > 0;

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
    // Server errors for other sections: reopen them and show the errors through their own submit.
    const others = latest.current.order.filter((section) => bySection[section] !== undefined);
    dispatch({ type: 'reopen', ids: others });
    injection.resubmit(others, bySection);
    return own;
  };

  const requireEarlierSections = (last: Id): SubmissionErrors | undefined => {
    const others = latest.current.order.filter((id) => id !== last);
    const unfinished = others.filter((id) => !isCompleted(id) || hasErrors(id));
    if (unfinished.length === 0) return undefined;
    dispatch({ type: 'reopen', ids: unfinished });
    injection.resubmit(unfinished);
    return { [FORM_ERROR]: FORM_MESSAGES.submissionFailed };
  };

  const handleSubmit = (id: Id, values: AnyValues): SectionSubmitResult => {
    const waiting = injection.take(id);
    if (waiting !== undefined) return waiting;
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
      if (Object.keys(bannerErrors(form.getState())).length > 0) focusBanner();
    },
    [forms, validateSection, focusBanner],
  );

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
