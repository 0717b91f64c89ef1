import { useGetInfoRequest, useGetInfoRequestDraft } from '@prize/generated/client';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button/Button';
import { TitleBox } from '../../components/TitleBox/TitleBox';
import { InactivityWarning } from '../../components/InactivityWarning/InactivityWarning';
import { PhoneLink } from '../../components/PhoneLink/PhoneLink';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { updateSiteSettings, usePageConfig } from '../../config';
import { useFormPage } from '../../hooks/useFormPage';
import { loadInfoRequestErrorMessage, notificationFor } from '../../domain/apiMessages';
import { readSectionTypes } from '../../form/infoRequest';
import { SCREEN_MESSAGES } from '../../domain/messages';
import { notifications } from '../../state/notifications';
import { InfoRequestForm } from './InfoRequestForm';
import { InfoRequestSubmitted } from './InfoRequestSubmitted';

export interface InfoRequestPageProps {
  infoRequestToken: string;
  reload?: () => void;
}

export const INFO_REQUEST_TITLE = 'Amend or add further information';

type Outcome = { name: 'submitted'; claimHashid: string } | { name: 'timedOut'; minutes: number };

const PAGE_TITLES = {
  loading: 'Checking your link',
  error: 'Your information request link',
  form: INFO_REQUEST_TITLE,
  submitted: 'Information submitted',
  timedOut: 'Form cleared',
} as const;

export function InfoRequestPage({
  infoRequestToken,
  reload = () => window.location.reload(),
}: InfoRequestPageProps) {
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { infoRequestInactivityMinutes } = usePageConfig();
  // Loaded once: once the form is done with, the request is closed (or the page cleared).
  const request = useGetInfoRequest(infoRequestToken, {
    query: { enabled: outcome === null, staleTime: Infinity },
  });
  const loaded = request.data?.data;
  const sectionTypeList = useMemo(() => readSectionTypes(loaded?.sectionTypeList ?? []), [loaded]);

  useEffect(() => {
    if (loaded) updateSiteSettings({ customerCarePhone: loaded.customerCarePhone });
  }, [loaded]);

  useEffect(() => {
    if (!request.error) return;
    const notice = notificationFor(request.error, { shownOnScreen: true });
    if (notice !== undefined) notifications.add({ content: notice, type: 'error' });
  }, [request.error]);

  // The server's INFO_REQUEST_INACTIVITY_TIMER_MINUTES; the build's claim figure (20) if it is silent.
  const minutes = loaded?.inactivityMinutes ?? infoRequestInactivityMinutes;
  const failed = request.isError || (loaded !== undefined && sectionTypeList.length === 0);
  // The answers saved before (docs/adr/015), read once the request has loaded; a draft that
  // cannot be read leaves the form empty.
  const draft = useGetInfoRequestDraft(infoRequestToken, {
    query: {
      enabled: loaded !== undefined && !failed && outcome === null,
      staleTime: Infinity,
      retry: false,
    },
  });
  const ready = loaded !== undefined && !draft.isPending;
  const formShown = outcome === null && ready && !failed;

  const viewKey = outcome?.name ?? (failed ? 'error' : ready ? 'form' : 'loading');
  const { timer, forgetAnswers, onActivity, headingRef } = useFormPage({
    minutes,
    formShown,
    reloadDraft: () => void draft.refetch(),
    onTimedOut: () => setOutcome({ name: 'timedOut', minutes }),
    view: viewKey,
    title: PAGE_TITLES[viewKey],
  });

  if (outcome?.name === 'submitted') {
    return <InfoRequestSubmitted claimHashid={outcome.claimHashid} headingRef={headingRef} />;
  }

  if (outcome?.name === 'timedOut') {
    return (
      <ResultPanel
        variant="error"
        title={SCREEN_MESSAGES.cleared(outcome.minutes, 'form')}
        headingRef={headingRef}
      >
        <p>
          We cleared your answers to keep your details safe. You can start again with the same link.
        </p>
        <Button onClick={reload}>start again</Button>
      </ResultPanel>
    );
  }

  if (failed) {
    return (
      <ResultPanel
        variant="error"
        title={loadInfoRequestErrorMessage(request.error)}
        headingRef={headingRef}
      >
        <p>
          If you have a question about your claim, please call Customer Care on <PhoneLink />.
        </p>
        <Button onClick={() => navigate('/')}>start a new claim</Button>
      </ResultPanel>
    );
  }

  if (!loaded || !ready) {
    return (
      <div className="page-loading" role="status">
        <span className="button__spinner" aria-hidden="true" /> Checking your link…
      </div>
    );
  }

  return (
    <>
      <TitleBox title={INFO_REQUEST_TITLE} headingRef={headingRef}>
        <p className="lead">
          Our Winner Services Department needs more information about your claim. Complete each
          section, then submit.
        </p>
      </TitleBox>
      <p>
        If you have a question, please call Customer Care on <PhoneLink />.
      </p>
      <InfoRequestForm
        infoRequestToken={infoRequestToken}
        draft={draft.data?.data}
        sectionTypeList={sectionTypeList}
        onActivity={onActivity}
        onSubmitted={(claimHashid) => {
          forgetAnswers();
          setOutcome({ name: 'submitted', claimHashid });
        }}
      />
      {timer.warningClearsAt !== null && (
        <InactivityWarning
          clearsAt={timer.warningClearsAt}
          onContinue={onActivity}
          formName="form"
          closeLabel="Continue with your form"
        />
      )}
    </>
  );
}
