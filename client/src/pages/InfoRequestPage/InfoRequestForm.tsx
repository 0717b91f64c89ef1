import {
  type FileType,
  type FormDraft,
  type SectionType,
  uploadInfoRequestFile,
  useSaveInfoRequestDraftSection,
  useSubmitInfoRequest,
  useSubmitInfoRequestIdentity,
} from '@prize/generated/client';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useCallback, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner/ErrorBanner';
import type { UploadProgress } from '../../components/FileUpload/FileUpload';
import {
  type Errors,
  type PersonalDetailsValues,
  usesAddressLookup,
  validateIdDocuments,
  validatePersonalDetails,
  validateTicketImages,
} from '../../form/claimForm';
import {
  imageKind,
  infoRequestSections,
  type InfoSectionId,
  infoSectionTitle,
  ticketForKind,
  ticketImagesIntro,
  toInfoRequestSubmission,
} from '../../form/infoRequest';
import { restoreDraft } from '../../form/draft';
import { type IdentityResult, toInfoRequestPersonalDetails } from '../../form/submission';
import { IdDocumentsSection } from '../../sections/IdDocumentsSection';
import { PersonalDetailsSection } from '../../sections/PersonalDetailsSection';
import type { SectionProps } from '../../sections/SectionForm';
import { TicketImagesSection } from '../../sections/TicketImagesSection';
import { useFormDraft } from '../../sections/useFormDraft';
import { useIdentityCheck } from '../../sections/useIdentityCheck';
import { type PerSection, useSectionFlow } from '../../sections/useSectionFlow';

export interface InfoRequestFormProps {
  infoRequestToken: string;
  // The request's sections (readSectionTypes), never empty.
  sectionTypeList: readonly SectionType[];
  onActivity: () => void;
  onSubmitted: (claimHashid: string) => void;
  // The sections saved before, loaded when the page opened.
  draft?: FormDraft;
}

export const SUBMIT_LABEL = 'Submit information';

const SECTION_IDS: readonly InfoSectionId[] = ['personalDetails', 'idDocuments', 'ticketImages'];

const ASKED_FOR_ID_DOCUMENTS = 'We need photos of two ID documents.';

export function InfoRequestForm({
  infoRequestToken,
  sectionTypeList,
  onActivity,
  onSubmitted,
  draft,
}: InfoRequestFormProps) {
  const [restored] = useState(() => restoreDraft(draft, SECTION_IDS));
  const submitIdentity = useSubmitInfoRequestIdentity();
  const submitRequest = useSubmitInfoRequest();
  const saveSection = useSaveInfoRequestDraftSection();
  const identityCheck = useIdentityCheck(
    async (data) => (await submitIdentity.mutateAsync({ infoRequestToken, data })).data,
    restored.identity,
    toInfoRequestPersonalDetails,
  );
  const formDraft = useFormDraft(restored, (section, data) =>
    saveSection.mutateAsync({ infoRequestToken, section, data }),
  );
  const order = infoRequestSections(sectionTypeList, identityCheck.idDocsRequired);
  const last = order[order.length - 1];
  const kind = imageKind(sectionTypeList);
  const ticket = ticketForKind(kind);
  const asksForPersonalDetails = sectionTypeList.includes('PERSONAL_DETAILS');

  const validate: PerSection<InfoSectionId, Errors> = {
    personalDetails: (values) => validatePersonalDetails(values),
    idDocuments: validateIdDocuments,
    ticketImages: (values) => validateTicketImages(values, ticket),
  };

  const usesLookup = () => usesAddressLookup(forms.personalDetails.getState().values);

  const send = async (
    id: InfoSectionId,
    identity: IdentityResult | null,
  ): Promise<SubmissionErrors> => {
    try {
      const response = await submitRequest.mutateAsync({
        infoRequestToken,
        data: toInfoRequestSubmission({
          sectionTypeList,
          identity,
          idDocuments: forms.idDocuments.getState().values,
          ticketImages: forms.ticketImages.getState().values,
        }),
      });
      onSubmitted(response.data.claimHashid);
      return undefined;
    } catch (failure) {
      return sections.reportFailure(id, failure, usesLookup());
    }
  };

  // Personal details check the identity; the answer decides whether ID documents follow,
  // and so whether this section is still the last one.
  const submitPersonalDetails = async (
    values: PersonalDetailsValues,
  ): Promise<SubmissionErrors> => {
    let result: IdentityResult;
    try {
      result = await identityCheck.run(values);
    } catch (failure) {
      return sections.reportFailure('personalDetails', failure, usesLookup());
    }
    const next = infoRequestSections(sectionTypeList, result.idDocsRequired);
    if (next[next.length - 1] === 'personalDetails') {
      const unfinished = sections.requireEarlierSections('personalDetails');
      return unfinished ?? send('personalDetails', result);
    }
    sections.complete('personalDetails', next);
    return undefined;
  };

  const submitLastSection = async (id: InfoSectionId): Promise<SubmissionErrors> => {
    const unfinished = sections.requireEarlierSections(id);
    if (unfinished !== undefined) return unfinished;
    let checked = identityCheck.identity;
    // Personal details reopened and not saved again: check them now, as the claim form does.
    if (asksForPersonalDetails && checked === null) {
      try {
        checked = await identityCheck.run(forms.personalDetails.getState().values);
      } catch (failure) {
        sections.reportFailure(id, failure, usesLookup());
        return undefined;
      }
      if (
        infoRequestSections(sectionTypeList, checked.idDocsRequired).includes('idDocuments') &&
        !sections.isCompleted('idDocuments')
      ) {
        sections.focus('idDocuments');
        return undefined;
      }
    }
    return send(id, checked);
  };

  const sections = useSectionFlow<InfoSectionId>({
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
    // The last section sends the answer; personal details decide themselves whether they are last.
    submit: {
      personalDetails: submitPersonalDetails,
      ...(last !== undefined && last !== 'personalDetails'
        ? { [last]: () => submitLastSection(last) }
        : {}),
    },
  });
  const { forms } = sections;
  formDraft.watch(sections, order);

  const upload = useCallback(
    // The generated call itself, not its hook: each upload has its own progress and cancel.
    async (type: FileType, file: File, { signal, onProgress }: UploadProgress) => {
      const response = await uploadInfoRequestFile(
        infoRequestToken,
        { type, fileName: file.name, file },
        { signal, onUploadProgress: onProgress },
      );
      return response.data.uuid;
    },
    [infoRequestToken],
  );

  const common = <V,>(id: InfoSectionId, form: FormApi<V>): SectionProps<V> => {
    const props = { form, ...sections.common(id) };
    return id === last ? { ...props, buttonLabel: SUBMIT_LABEL } : props;
  };

  return (
    <div className="claim-form">
      <ErrorBanner bannerRef={sections.bannerRef} />
      {order.map((id) => {
        switch (id) {
          case 'personalDetails':
            return (
              <PersonalDetailsSection
                key={id}
                {...common(id, forms.personalDetails)}
                onActivity={onActivity}
              />
            );
          case 'idDocuments':
            return (
              <IdDocumentsSection
                key={id}
                {...common(id, forms.idDocuments)}
                upload={upload}
                onRemoveFile={(field) => sections.removeFile(id, field)}
                intro={
                  sectionTypeList.includes('ID_DOCUMENTS') ? ASKED_FOR_ID_DOCUMENTS : undefined
                }
              />
            );
          case 'ticketImages':
            return (
              <TicketImagesSection
                key={id}
                {...common(id, forms.ticketImages)}
                title={infoSectionTitle(id, kind)}
                intro={ticketImagesIntro(kind)}
                ticket={ticket}
                upload={upload}
                onRemoveFile={(field) => sections.removeFile(id, field)}
              />
            );
        }
      })}
    </div>
  );
}
