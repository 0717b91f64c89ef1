import { type FileType, useSubmitClaim, useSubmitIdentity, useUploadClaimFile } from '@prize/generated/client';
import { createForm, FORM_ERROR, type FormApi, type SubmissionErrors } from 'final-form';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner/ErrorBanner';
import { sectionTitleId } from '../../components/FormSection/FormSection';
import { SignedTicketModal, type SignedTicketKind } from '../../components/SignedTicketModal/SignedTicketModal';
import { notificationFor } from '../../rules/apiMessages';
import { bannerErrors } from '../../rules/bannerErrors';
import {
  type AboutTicketValues,
  type ClaimDetailsValues,
  type Errors,
  type IdDocumentsValues,
  type PaymentValues,
  type PersonalDetailsValues,
  type TicketImagesValues,
  validateAboutTicket,
  validateClaimDetails,
  validateIdDocuments,
  validatePayment,
  validatePersonalDetails,
  validateTicketImages,
} from '../../rules/claimForm';
import { FORM_MESSAGES } from '../../rules/messages';
import { notifications } from '../../rules/notifications';
import { flowReducer, INITIAL_FLOW, sectionButtonLabel, type SectionId, sectionStatus, visibleSections } from '../../rules/sections';
import { mapServerErrors, type SectionErrors } from '../../rules/serverErrors';
import { type IdentityResult, toClaimSubmission, toPersonalDetails } from '../../rules/submission';
import { validationErrors } from '../../rules/validationErrors';
import { AboutTicketSection } from './sections/AboutTicketSection';
import { ClaimDetailsSection } from './sections/ClaimDetailsSection';
import { IdDocumentsSection } from './sections/IdDocumentsSection';
import { PaymentSection } from './sections/PaymentSection';
import { PersonalDetailsSection } from './sections/PersonalDetailsSection';
import { TicketImagesSection } from './sections/TicketImagesSection';

export interface SectionForms {
  personalDetails: FormApi<PersonalDetailsValues>;
  idDocuments: FormApi<IdDocumentsValues>;
  claimDetails: FormApi<ClaimDetailsValues>;
  aboutTicket: FormApi<AboutTicketValues>;
  ticketImages: FormApi<TicketImagesValues>;
  payment: FormApi<PaymentValues>;
}

type AnyValues = Record<string, unknown>;

interface Handlers {
  submit: (id: SectionId, values: AnyValues) => SubmissionErrors | Promise<SubmissionErrors> | undefined;
  validate: (id: SectionId, values: AnyValues) => Errors;
}

export interface ClaimFormProps {
  claimToken: string;
  onActivity: () => void;
  onSubmitted: (claimHashid: string) => void;
  onUnableToProcess: () => void;
}

const SECTION_IDS: readonly SectionId[] = ['personalDetails', 'idDocuments', 'claimDetails', 'aboutTicket', 'ticketImages', 'payment'];

type SectionSubmit = (values: AnyValues) => SubmissionErrors | Promise<SubmissionErrors> | undefined;

// One final-form instance per section, kept here so answers survive a section collapsing.
// The submit functions are the forms' own, so <Form> never replaces them.
function createSectionForms(handlers: { current: Handlers }): { forms: SectionForms; submits: Record<SectionId, SectionSubmit> } {
  const submits = Object.fromEntries(
    SECTION_IDS.map((id) => [id, (values: AnyValues) => handlers.current.submit(id, values)]),
  ) as Record<SectionId, SectionSubmit>;
  const make = <V extends object>(id: SectionId) =>
    createForm<V>({
      onSubmit: (values) => submits[id](values as AnyValues),
      validate: (values) => handlers.current.validate(id, values as AnyValues),
      // Spec section 5: fields validate on blur (choices call blur as they change).
      validateOnBlur: true,
    });
  const forms: SectionForms = {
    personalDetails: make<PersonalDetailsValues>('personalDetails'),
    idDocuments: make<IdDocumentsValues>('idDocuments'),
    claimDetails: make<ClaimDetailsValues>('claimDetails'),
    aboutTicket: make<AboutTicketValues>('aboutTicket'),
    ticketImages: make<TicketImagesValues>('ticketImages'),
    payment: make<PaymentValues>('payment'),
  };
  return { forms, submits };
}

function formOf(forms: SectionForms, id: SectionId): FormApi<AnyValues> {
  return forms[id] as unknown as FormApi<AnyValues>;
}

export function signedTicketKind(ticket: AboutTicketValues): SignedTicketKind {
  if (ticket.productType === 'SC') return 'SC';
  return ticket.dbgTicketType === 'WHITE' ? 'WHITE' : 'PINK';
}

export function ClaimForm({ claimToken, onActivity, onSubmitted, onUnableToProcess }: ClaimFormProps) {
  const handlers = useRef<Handlers>({ submit: () => undefined, validate: () => ({}) });
  const [{ forms, submits }] = useState(() => createSectionForms(handlers));
  const [flow, dispatch] = useReducer(flowReducer, INITIAL_FLOW);
  const [identity, setIdentity] = useState<IdentityResult | null>(null);
  const [idDocsRequired, setIdDocsRequired] = useState(false);
  const [signedModal, setSignedModal] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ id: SectionId | 'banner'; at: number } | null>(null);
  const [injecting, setInjecting] = useState<SectionId[]>([]);
  const injected = useRef<SectionErrors>({});
  const bannerRef = useRef<HTMLDivElement>(null);
  const submitIdentity = useSubmitIdentity();
  const submitClaim = useSubmitClaim();
  const uploadFile = useUploadClaimFile();

  const order = visibleSections(idDocsRequired);
  const flowRef = useRef(flow);
  flowRef.current = flow;

  const validate = (id: SectionId, values: AnyValues): Errors => {
    switch (id) {
      case 'personalDetails':
        return validatePersonalDetails(values as PersonalDetailsValues);
      case 'idDocuments':
        return validateIdDocuments(values as IdDocumentsValues);
      case 'claimDetails':
        return validateClaimDetails(values as ClaimDetailsValues);
      case 'aboutTicket':
        return validateAboutTicket(values as AboutTicketValues);
      case 'ticketImages':
        return validateTicketImages(values as TicketImagesValues, forms.aboutTicket.getState().values);
      case 'payment':
        return validatePayment(values as PaymentValues);
    }
  };
  const hasErrors = (id: SectionId) => Object.keys(validate(id, formOf(forms, id).getState().values)).length > 0;

  const focus = (id: SectionId | 'banner') => setFocusTarget({ id, at: Date.now() });

  const complete = (id: SectionId, sections: readonly SectionId[] = order) => {
    validationErrors.set(id, {});
    const wasCompleted = flowRef.current.completed.includes(id);
    dispatch({ type: 'complete', id });
    // A change here can make a later, completed section wrong (a Scratchcard needs its back).
    const later = sections.slice(sections.indexOf(id) + 1);
    const broken = later.filter((section) => flowRef.current.completed.includes(section) && hasErrors(section));
    if (broken.length > 0) dispatch({ type: 'reopen', ids: broken });
    const next = broken[0] ?? (wasCompleted ? id : later.find((section) => !flowRef.current.completed.includes(section)) ?? id);
    focus(next);
  };

  // Server errors for other sections: reopen them and show the errors through their own
  // submit (react-final-form submission errors).
  const showServerErrors = (bySection: SectionErrors) => {
    const ids = SECTION_IDS.filter((id) => bySection[id] !== undefined && order.includes(id));
    for (const id of ids) injected.current[id] = bySection[id];
    dispatch({ type: 'reopen', ids });
    setInjecting(ids);
  };

  const reportFailure = (id: SectionId, failure: unknown, usedAddressLookup: boolean): SubmissionErrors => {
    if (!isApiError(failure) || failure.kind !== 'validation') {
      const notice = notificationFor(failure);
      if (notice !== undefined) notifications.add({ content: notice, type: 'error' });
      return undefined;
    }
    const { bySection, unmapped } = mapServerErrors(failure.fieldErrors, { usedAddressLookup });
    const own = bySection[id];
    delete bySection[id];
    if (Object.keys(unmapped).length > 0) notifications.add({ content: FORM_MESSAGES.submissionFailed, type: 'error' });
    showServerErrors(bySection);
    return own;
  };

  const usesLookup = () => {
    const personal = forms.personalDetails.getState().values;
    return !personal.isOverseas && !personal.isManualAddress;
  };

  const runIdentity = async (values: PersonalDetailsValues): Promise<IdentityResult> => {
    const response = await submitIdentity.mutateAsync({ id: claimToken, data: toPersonalDetails(values) });
    setIdentity(response.data);
    setIdDocsRequired(response.data.idDocsRequired);
    return response.data;
  };

  const submitPersonalDetails = async (values: PersonalDetailsValues): Promise<SubmissionErrors> => {
    try {
      const result = await runIdentity(values);
      complete('personalDetails', visibleSections(result.idDocsRequired));
      return undefined;
    } catch (failure) {
      return reportFailure('personalDetails', failure, usesLookup());
    }
  };

  const submitWholeClaim = async (payment: PaymentValues): Promise<SubmissionErrors> => {
    const others = order.filter((id) => id !== 'payment');
    const unfinished = others.filter((id) => !flowRef.current.completed.includes(id) || hasErrors(id));
    if (unfinished.length > 0) {
      dispatch({ type: 'reopen', ids: unfinished });
      setInjecting(unfinished);
      return { [FORM_ERROR]: FORM_MESSAGES.submissionFailed };
    }
    let checked = identity;
    if (checked === null) {
      try {
        checked = await runIdentity(forms.personalDetails.getState().values);
      } catch (failure) {
        reportFailure('payment', failure, usesLookup());
        return undefined;
      }
      if (checked.idDocsRequired && !flowRef.current.completed.includes('idDocuments')) {
        focus('idDocuments');
        return undefined;
      }
    }
    try {
      const response = await submitClaim.mutateAsync({
        id: claimToken,
        data: toClaimSubmission({
          identity: checked,
          idDocuments: forms.idDocuments.getState().values,
          claimDetails: forms.claimDetails.getState().values,
          aboutTicket: forms.aboutTicket.getState().values,
          ticketImages: forms.ticketImages.getState().values,
          payment,
        }),
      });
      onSubmitted(response.data.claimHashid);
      return undefined;
    } catch (failure) {
      return reportFailure('payment', failure, usesLookup());
    }
  };

  handlers.current = {
    validate,
    submit: (id, values) => {
      const pending = injected.current[id];
      if (pending !== undefined) {
        delete injected.current[id];
        return pending;
      }
      switch (id) {
        case 'personalDetails':
          return submitPersonalDetails(values as PersonalDetailsValues);
        case 'aboutTicket': {
          const ticket = values as AboutTicketValues;
          if (ticket.productType === 'DBG' && ticket.dbgTicketType === 'UNSURE') {
            onUnableToProcess();
            return undefined;
          }
          complete(id);
          return undefined;
        }
        case 'ticketImages':
          setSignedModal(true);
          return undefined;
        case 'payment':
          return submitWholeClaim(values as PaymentValues);
        default:
          complete(id);
          return undefined;
      }
    },
  };

  // Submitting a section: validate everything first (a field may not have been blurred, as
  // when Enter is pressed), then focus the banner when there are errors to fix.
  const submitSection = useCallback(
    async (id: SectionId) => {
      const form = formOf(forms, id);
      form.setConfig('validate', (values: AnyValues) => handlers.current.validate(id, values));
      await form.submit();
      if (Object.keys(bannerErrors(form.getState())).length > 0) focus('banner');
    },
    [forms],
  );

  useEffect(() => {
    if (injecting.length === 0) return;
    let cancelled = false;
    void (async () => {
      for (const id of injecting) {
        const form = formOf(forms, id);
        form.setConfig('validate', (values: AnyValues) => handlers.current.validate(id, values));
        await form.submit();
        delete injected.current[id];
      }
      if (!cancelled) {
        setInjecting([]);
        focus('banner');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [injecting, forms]);

  // The banner counts the errors each section's fields show.
  useEffect(() => {
    const unsubscribes = SECTION_IDS.map((id) =>
      formOf(forms, id).subscribe((state) => validationErrors.set(id, bannerErrors(state)), {
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
  const activityRef = useRef(onActivity);
  activityRef.current = onActivity;
  useEffect(() => {
    const unsubscribes = SECTION_IDS.map((id) =>
      formOf(forms, id).subscribe(() => activityRef.current(), { values: true }),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [forms]);

  useEffect(() => {
    if (focusTarget === null) return;
    const element =
      focusTarget.id === 'banner' ? bannerRef.current : document.getElementById(sectionTitleId(focusTarget.id));
    element?.focus();
    element?.scrollIntoView({ block: 'start' });
  }, [focusTarget]);

  const edit = (id: SectionId) => {
    if (id === 'personalDetails') {
      // Spec section 4: reopening personal details resets the overseas flag and the identity check.
      forms.personalDetails.change('isOverseas', false);
      setIdentity(null);
    }
    dispatch({ type: 'reopen', ids: [id] });
    focus(id);
  };

  const removeFile = (id: SectionId, field: string) => {
    formOf(forms, id).change(field, undefined);
    dispatch({ type: 'reopen', ids: [id] });
    focus(id);
  };

  const upload = useCallback(
    async (type: FileType, file: File) => {
      const response = await uploadFile.mutateAsync({ id: claimToken, data: { type, fileName: file.name, file } });
      return response.data.uuid;
    },
    [claimToken, uploadFile],
  );

  const common = (id: SectionId) => ({
    number: order.indexOf(id) + 1,
    status: sectionStatus(flow, order, id),
    buttonLabel: sectionButtonLabel(flow, id),
    onEdit: () => edit(id),
    onSubmit: () => submitSection(id),
    formSubmit: submits[id],
  });

  return (
    <div className="claim-form">
      <ErrorBanner bannerRef={bannerRef} />
      <PersonalDetailsSection form={forms.personalDetails} {...common('personalDetails')} onActivity={onActivity} />
      {order.includes('idDocuments') && (
        <IdDocumentsSection
          form={forms.idDocuments}
          {...common('idDocuments')}
          upload={upload}
          onRemoveFile={(field) => removeFile('idDocuments', field)}
        />
      )}
      <ClaimDetailsSection form={forms.claimDetails} {...common('claimDetails')} />
      <AboutTicketSection form={forms.aboutTicket} {...common('aboutTicket')} />
      <TicketImagesSection
        form={forms.ticketImages}
        ticketForm={forms.aboutTicket}
        {...common('ticketImages')}
        upload={upload}
        onRemoveFile={(field) => removeFile('ticketImages', field)}
      />
      <PaymentSection form={forms.payment} {...common('payment')} buttonLabel="Submit claim" />
      {signedModal && (
        <SignedTicketModal
          kind={signedTicketKind(forms.aboutTicket.getState().values)}
          onClose={() => setSignedModal(false)}
          onConfirm={() => {
            setSignedModal(false);
            complete('ticketImages');
          }}
        />
      )}
    </div>
  );
}
