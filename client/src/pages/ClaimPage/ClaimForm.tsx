import {
  type FileType,
  type FormDraft,
  uploadClaimFile,
  useSaveClaimDraftSection,
  useSubmitClaim,
  useSubmitIdentity,
} from '@prize/generated/client';
import { paymentMethodOf, ticketKind, type PaymentMethod } from '@prize/domain';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useCallback, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner/ErrorBanner';
import type { UploadProgress } from '../../components/FileUpload/FileUpload';
import {
  SignedTicketModal,
  type SignedTicketKind,
} from '../../components/SignedTicketModal/SignedTicketModal';
import {
  type AboutTicketValues,
  type Errors,
  type PaymentValues,
  type PersonalDetailsValues,
  usesAddressLookup,
  validateAboutTicket,
  validateClaimDetails,
  validateIdDocuments,
  validatePayment,
  validatePersonalDetails,
  validateTicketImages,
} from '../../form/claimForm';
import { restoreDraft } from '../../form/draft';
import { type SectionId, visibleSections } from '../../form/sections';
import { toClaimSubmission } from '../../form/submission';
import { IdDocumentsSection } from '../../sections/IdDocumentsSection';
import { PersonalDetailsSection } from '../../sections/PersonalDetailsSection';
import type { SectionProps } from '../../sections/SectionForm';
import {
  TicketImagesSection,
  type TicketImagesSectionProps,
} from '../../sections/TicketImagesSection';
import { useFormDraft } from '../../sections/useFormDraft';
import { useFormValues } from '../../sections/useFormValues';
import { useIdentityCheck } from '../../sections/useIdentityCheck';
import { type PerSection, useSectionFlow } from '../../sections/useSectionFlow';
import { AboutTicketSection } from './sections/AboutTicketSection';
import { ClaimDetailsSection } from './sections/ClaimDetailsSection';
import { PaymentSection } from './sections/PaymentSection';

export interface ClaimFormProps {
  claimToken: string;
  onActivity: () => void;
  onSubmitted: (claimHashid: string, paymentMethod: PaymentMethod) => void;
  onUnableToProcess: () => void;
  // The sections saved before, loaded when the page opened.
  draft?: FormDraft;
}

const SECTION_IDS: readonly SectionId[] = [
  'personalDetails',
  'idDocuments',
  'claimDetails',
  'aboutTicket',
  'ticketImages',
  'payment',
];

// The signing question follows the one rule in @prize/domain, as the ticket-requested e-mail does.
export function signedTicketKind(ticket: AboutTicketValues): SignedTicketKind {
  return ticketKind(
    ticket.productType ?? 'DBG',
    ticket.dbgTicketType === 'WHITE' ? 'WHITE' : 'PINK',
  );
}

// The images section of the claim follows the answers of 'About your ticket'.
function ClaimTicketImagesSection({
  ticketForm,
  ...props
}: Omit<TicketImagesSectionProps, 'ticket'> & { ticketForm: FormApi<AboutTicketValues> }) {
  const ticket = useFormValues(ticketForm);
  return <TicketImagesSection ticket={ticket} {...props} />;
}

export function ClaimForm({
  claimToken,
  onActivity,
  onSubmitted,
  onUnableToProcess,
  draft,
}: ClaimFormProps) {
  const [signedModal, setSignedModal] = useState(false);
  const [restored] = useState(() => restoreDraft(draft, SECTION_IDS));
  const submitIdentity = useSubmitIdentity();
  const submitClaim = useSubmitClaim();
  const saveSection = useSaveClaimDraftSection();
  const identityCheck = useIdentityCheck(
    async (data) => (await submitIdentity.mutateAsync({ id: claimToken, data })).data,
    restored.identity,
  );
  const formDraft = useFormDraft(restored, (section, data) =>
    saveSection.mutateAsync({ id: claimToken, section, data }),
  );
  const order = visibleSections(identityCheck.idDocsRequired);

  const validate: PerSection<SectionId, Errors> = {
    personalDetails: (values) => validatePersonalDetails(values),
    idDocuments: validateIdDocuments,
    claimDetails: validateClaimDetails,
    aboutTicket: validateAboutTicket,
    ticketImages: (values) => validateTicketImages(values, forms.aboutTicket.getState().values),
    payment: validatePayment,
  };

  const usesLookup = () => usesAddressLookup(forms.personalDetails.getState().values);

  const submitPersonalDetails = async (
    values: PersonalDetailsValues,
  ): Promise<SubmissionErrors> => {
    try {
      const result = await identityCheck.run(values);
      sections.complete('personalDetails', visibleSections(result.idDocsRequired));
      return undefined;
    } catch (failure) {
      return sections.reportFailure('personalDetails', failure, usesLookup());
    }
  };

  const submitWholeClaim = async (payment: PaymentValues): Promise<SubmissionErrors> => {
    const unfinished = sections.requireEarlierSections('payment');
    if (unfinished !== undefined) return unfinished;
    let checked = identityCheck.identity;
    if (checked === null) {
      try {
        checked = await identityCheck.run(forms.personalDetails.getState().values);
      } catch (failure) {
        sections.reportFailure('payment', failure, usesLookup());
        return undefined;
      }
      if (checked.idDocsRequired && !sections.isCompleted('idDocuments')) {
        sections.focus('idDocuments');
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
      onSubmitted(response.data.claimHashid, paymentMethodOf(payment.isChequePreferred));
      return undefined;
    } catch (failure) {
      return sections.reportFailure('payment', failure, usesLookup());
    }
  };

  const sections = useSectionFlow<SectionId>({
    ids: SECTION_IDS,
    order,
    validate,
    onActivity,
    initial: restored,
    onComplete: (id, values) =>
      formDraft.save(id, values, id === 'personalDetails' ? identityCheck.current() : null),
    onEdit: (id) => {
      if (id === 'personalDetails') identityCheck.reopen(forms.personalDetails);
    },
    submit: {
      personalDetails: submitPersonalDetails,
      aboutTicket: (ticket) => {
        if (ticket.productType === 'DBG' && ticket.dbgTicketType === 'UNSURE') {
          onUnableToProcess();
          return undefined;
        }
        sections.complete('aboutTicket');
        return undefined;
      },
      ticketImages: () => {
        setSignedModal(true);
        return undefined;
      },
      payment: submitWholeClaim,
    },
  });
  const { forms } = sections;
  formDraft.watch(sections, order);

  const upload = useCallback(
    // The generated call itself, not its hook: each upload has its own progress and cancel.
    async (type: FileType, file: File, { signal, onProgress }: UploadProgress) => {
      const response = await uploadClaimFile(
        claimToken,
        { type, fileName: file.name, file },
        { signal, onUploadProgress: onProgress },
      );
      return response.data.uuid;
    },
    [claimToken],
  );

  const common = <V,>(id: SectionId, form: FormApi<V>): SectionProps<V> => ({
    form,
    ...sections.common(id),
  });

  return (
    <div className="claim-form">
      <ErrorBanner bannerRef={sections.bannerRef} />
      <PersonalDetailsSection
        {...common('personalDetails', forms.personalDetails)}
        onActivity={onActivity}
        claimToken={claimToken}
      />
      {order.includes('idDocuments') && (
        <IdDocumentsSection
          {...common('idDocuments', forms.idDocuments)}
          upload={upload}
          onRemoveFile={(field) => sections.removeFile('idDocuments', field)}
        />
      )}
      <ClaimDetailsSection {...common('claimDetails', forms.claimDetails)} />
      <AboutTicketSection {...common('aboutTicket', forms.aboutTicket)} />
      <ClaimTicketImagesSection
        {...common('ticketImages', forms.ticketImages)}
        ticketForm={forms.aboutTicket}
        upload={upload}
        onRemoveFile={(field) => sections.removeFile('ticketImages', field)}
      />
      <PaymentSection {...common('payment', forms.payment)} buttonLabel="Submit claim" />
      {signedModal && (
        <SignedTicketModal
          kind={signedTicketKind(forms.aboutTicket.getState().values)}
          onClose={() => setSignedModal(false)}
          onConfirm={() => {
            setSignedModal(false);
            sections.complete('ticketImages');
          }}
        />
      )}
    </div>
  );
}
