import type { PaymentMethod } from '@prize/domain';
import {
  getGetClaimProgressQueryOptions,
  useGetClaimDraft,
  useVerifyClaim,
} from '@prize/generated/client';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button/Button';
import { PhoneLink } from '../../components/PhoneLink/PhoneLink';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { updateSiteSettings, usePageConfig } from '../../config';
import { useFormPage } from '../../hooks/useFormPage';
import { loadClaimErrorMessage, notificationFor } from '../../domain/apiMessages';
import { SCREEN_MESSAGES } from '../../domain/messages';
import { notifications } from '../../state/notifications';
import { ClaimProgress } from './ClaimProgress';
import { claimLinkStateQuery } from './claimLinkState';
import { ClaimLinkStatus, ClaimShell } from './ClaimShell';
import { ClaimSubmitted } from './ClaimSubmitted';

// The form's code (its sections, final-form, the address and upload widgets: most of this page's
// JavaScript) loads while the link is checked, so the page's own chunk, which the server hints
// with the HTML, stays small and the link's calls start sooner (issue 35).
const loadClaimForm = () => import('./ClaimForm');
const ClaimForm = lazy(() => loadClaimForm().then((module) => ({ default: module.ClaimForm })));
// Shown only after minutes of inactivity, fetched with the form.
const loadInactivityWarning = () => import('../../components/InactivityWarning/InactivityWarning');
const InactivityWarning = lazy(() =>
  loadInactivityWarning().then((module) => ({ default: module.InactivityWarning })),
);

export interface ClaimPageProps {
  claimToken: string;
  reload?: () => void;
}

type Outcome =
  | { name: 'submitted'; claimHashid: string; email: string; paymentMethod: PaymentMethod }
  | { name: 'unableToProcess' }
  | { name: 'timedOut'; minutes: number };

const PAGE_TITLES = {
  loading: 'Checking your claim link',
  error: 'Your claim link',
  progress: "Your claim's progress",
  form: 'Claim your prize',
  submitted: 'Claim submitted',
  unableToProcess: 'Contact Customer Care',
  timedOut: 'Claim form cleared',
} as const;

export function ClaimPage({ claimToken, reload = () => window.location.reload() }: ClaimPageProps) {
  const verify = useVerifyClaim();
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // A task of its own: asking for a chunk adds its files' preload links, work the page's
    // mount need not wait for (the form is wanted only after the link's three calls).
    const fetchForm = setTimeout(() => {
      void loadClaimForm();
      void loadInactivityWarning();
    });
    return () => clearTimeout(fetchForm);
  }, []);
  const { claimInactivityMinutes } = usePageConfig();

  // What the link leads to, asked first: a submitted claim's link shows its progress without a
  // verify call that could only answer 409 (issue 31). If this cannot be read, verify decides.
  // The generated options with this page's own useQuery, as for the progress below.
  const linkState = useQuery(claimLinkStateQuery(claimToken));
  const submittedByState = linkState.data?.data.submitted === true;
  const verifyNeeded = linkState.isError || linkState.data?.data.submitted === false;

  useEffect(() => {
    if (started.current || !verifyNeeded) return;
    started.current = true;
    verify.mutate(
      { id: claimToken },
      {
        onSuccess: (response) =>
          updateSiteSettings({
            productName: response.data.productName,
            customerCarePhone: response.data.customerCarePhone,
          }),
        onError: (failure) => {
          const notice = notificationFor(failure, { shownOnScreen: true });
          if (notice !== undefined) notifications.add({ content: notice, type: 'error' });
        },
      },
    );
  }, [claimToken, verify, verifyNeeded]);

  const verified = verify.data?.data;
  // The answers saved before (docs/adr/015): read once, after the link is verified. A draft
  // that cannot be read leaves the form empty rather than keeping the claimant out.
  const draft = useGetClaimDraft(claimToken, {
    query: {
      enabled: verified !== undefined && outcome === null,
      staleTime: Infinity,
      retry: false,
    },
  });
  const ready = verified !== undefined && !draft.isPending;
  const minutes = verified?.inactivityMinutes ?? claimInactivityMinutes;
  const formShown = outcome === null && ready;
  const formReady = useDeferredValue(ready, false);

  // A submitted claim's link shows where the claim is; without an answer, the 409's message
  // (verify says so too when the claim was submitted between the two calls).
  const alreadySubmitted =
    submittedByState ||
    (verify.error?.status === 409 &&
      loadClaimErrorMessage(verify.error) === SCREEN_MESSAGES.alreadySubmitted);
  // The generated options with this page's own useQuery: the claim endpoints' module ships with
  // the start page, and its useGetClaimProgress would bring react-query's useQuery along.
  const progress = useQuery(
    getGetClaimProgressQueryOptions(claimToken, {
      query: { enabled: alreadySubmitted, retry: false, staleTime: Infinity },
    }),
  );
  const progressShown = alreadySubmitted && progress.data !== undefined;

  const viewKey =
    outcome?.name ??
    (progressShown
      ? 'progress'
      : (verify.isError || progress.isError) && !(alreadySubmitted && progress.isPending)
        ? 'error'
        : ready
          ? 'form'
          : 'loading');
  const { timer, forgetAnswers, onActivity, headingRef } = useFormPage({
    minutes,
    formShown,
    reloadDraft: () => void draft.refetch(),
    onTimedOut: () => setOutcome({ name: 'timedOut', minutes }),
    view: viewKey,
    title: PAGE_TITLES[viewKey as keyof typeof PAGE_TITLES] ?? 'Claim your prize',
  });

  if (outcome?.name === 'submitted') {
    return (
      <ClaimSubmitted
        claimHashid={outcome.claimHashid}
        email={outcome.email}
        paymentMethod={outcome.paymentMethod}
        headingRef={headingRef}
      />
    );
  }

  if (outcome?.name === 'unableToProcess') {
    return (
      <ResultPanel
        variant="error"
        title="We are unable to process your claim online"
        headingRef={headingRef}
      >
        <p className="lead">
          Please contact Customer Care by phone on <PhoneLink /> so we can help you with your claim.
        </p>
        <p>
          Have your ticket or Scratchcard with you when you call. Keep it safe: do not post it to us
          until we ask.
        </p>
      </ResultPanel>
    );
  }

  if (outcome?.name === 'timedOut') {
    return (
      <ResultPanel
        variant="error"
        title={SCREEN_MESSAGES.cleared(outcome.minutes)}
        headingRef={headingRef}
      >
        <p>We cleared your answers to keep your details safe.</p>
        <Button onClick={reload}>start again</Button>
      </ResultPanel>
    );
  }

  if (progressShown && progress.data) {
    return (
      <ClaimProgress
        progress={progress.data.data}
        headingRef={headingRef}
        notice={SCREEN_MESSAGES.alreadySubmitted}
        onStartNew={() => navigate('/')}
      />
    );
  }

  if (viewKey === 'error') {
    // A submitted claim whose progress cannot be read shows the already-submitted message.
    const message = verify.isError
      ? loadClaimErrorMessage(verify.error)
      : SCREEN_MESSAGES.alreadySubmitted;
    const alreadySubmitted = message === SCREEN_MESSAGES.alreadySubmitted;
    return (
      <ResultPanel variant="error" title={message} headingRef={headingRef}>
        <p>
          {alreadySubmitted
            ? 'You can start a new claim with your email address.'
            : 'Enter your email address again and we will send you a new link.'}
        </p>
        <Button onClick={() => navigate('/')}>
          {alreadySubmitted ? 'start a new claim' : 'enter email'}
        </Button>
      </ResultPanel>
    );
  }

  // The form's first render is the page's longest piece of work. The draft's answer arrives as
  // an update React must render at once, in one task; deferred, the form renders in slices the
  // browser can interleave with its own work, and the shell stays painted meanwhile (issue 35:
  // total blocking time on a slow phone).
  if (!verified || !formReady) return <ClaimShell headingRef={headingRef} />;

  return (
    <ClaimShell headingRef={headingRef}>
      <Suspense fallback={<ClaimLinkStatus />}>
        <ClaimForm
          claimToken={claimToken}
          draft={draft.data?.data}
          onActivity={onActivity}
          onSubmitted={(claimHashid, paymentMethod) => {
            forgetAnswers();
            setOutcome({ name: 'submitted', claimHashid, email: verified.email, paymentMethod });
          }}
          onUnableToProcess={() => {
            forgetAnswers();
            setOutcome({ name: 'unableToProcess' });
          }}
        />
      </Suspense>
      {timer.warningClearsAt !== null && (
        <Suspense fallback={null}>
          <InactivityWarning clearsAt={timer.warningClearsAt} onContinue={onActivity} />
        </Suspense>
      )}
    </ClaimShell>
  );
}
