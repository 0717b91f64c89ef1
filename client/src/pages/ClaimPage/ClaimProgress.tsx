import { claimantNextSteps } from '@prize/domain';
import type { ClaimProgress as Progress, ClaimStep } from '@prize/generated/client';
import type { Ref } from 'react';
import { Button } from '../../components/Button/Button';
import { PhoneLink } from '../../components/PhoneLink/PhoneLink';
import { ReferenceNumber } from '../../components/ReferenceNumber/ReferenceNumber';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { formatPence } from '../../domain/price';
import './ClaimProgress.css';

export interface ClaimProgressProps {
  progress: Progress;
  onStartNew: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  /** A line above the steps: the claim link says the claim has already been submitted. */
  notice?: string;
}

type StepState = 'completed' | 'current' | 'waiting';

const STATE_TEXT: Record<StepState, string> = {
  completed: 'Completed',
  current: 'In progress',
  waiting: 'Not started',
};

/** The process step that completes each of the claimant's five steps, in order. */
const STEP_DONE_AT: readonly ClaimStep[] = [
  'reviewed',
  'ticket_requested',
  'ticket_received',
  'payment_details_requested',
  'paid',
];

// Made on first use, not when the claim page's chunk loads (a time zone loads the browser's
// zone data): the progress shows only once a claim is submitted.
let day: Intl.DateTimeFormat | undefined;
const formatDay = (iso: string) =>
  (day ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  })).format(new Date(iso));

function dateOf(progress: Progress, step: ClaimStep): string | undefined {
  return progress.stepDates?.findLast((date) => date.step === step)?.at;
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDay(iso)}</time>;
}

// The status link (and the claim link) of a submitted claim: the five steps of spec section 1, in
// the words of @prize/domain the success page and the e-mails use, each done one with its date.
// A paid claim says how much and when; a rejected one shows no steps, only who to call.
export function ClaimProgress({ progress, onStartNew, headingRef, notice }: ClaimProgressProps) {
  const submittedAt = dateOf(progress, 'submitted');
  if (progress.step === 'rejected') {
    return (
      <ResultPanel variant="error" title="We cannot go on with your claim" headingRef={headingRef}>
        <ReferenceNumber claimHashid={progress.reference} />
        <p className="lead">
          Please call Customer Care on <PhoneLink /> so we can explain. Quote your claim reference
          number when you call.
        </p>
        {dateOf(progress, 'rejected') && (
          <p>
            We stopped this claim on <Time iso={dateOf(progress, 'rejected')!} />.
          </p>
        )}
        <AvailableUntil progress={progress} />
      </ResultPanel>
    );
  }
  const steps = claimantNextSteps(progress.paymentMethod ?? 'bank_transfer');
  const stateOf = (index: number): StepState =>
    index < progress.completedSteps
      ? 'completed'
      : index === progress.completedSteps
        ? 'current'
        : 'waiting';
  const payment = progress.payment;
  return (
    <ResultPanel
      variant={payment ? 'celebration' : 'verification'}
      title="Your claim's progress"
      headingRef={headingRef}
    >
      {notice && <p className="lead">{notice}</p>}
      <ReferenceNumber claimHashid={progress.reference} />
      {submittedAt && (
        <p>
          You submitted this claim on <Time iso={submittedAt} />.
        </p>
      )}
      {payment && (
        <div className="info-box claim-progress__paid">
          <p>
            <strong>
              We paid your prize of {formatPence(payment.amountPence)} on{' '}
              <Time iso={payment.paidAt} />
            </strong>
            {progress.paymentMethod === 'cheque'
              ? ', by cheque posted to the address on your claim.'
              : ', by bank transfer.'}
          </p>
        </div>
      )}
      {progress.infoRequestOpen && (
        <div className="info-box claim-progress__waiting">
          <p>
            <strong>We have asked you for more information.</strong> Please use the link in the
            email we sent you. Your claim continues when we have your answer.
          </p>
        </div>
      )}
      <section className="next-steps" aria-labelledby="claim-progress-title">
        <h2 id="claim-progress-title">Claim steps</h2>
        <ol className="next-steps__list">
          {steps.map((step, index) => {
            const state = stateOf(index);
            const doneAt =
              state === 'completed' ? dateOf(progress, STEP_DONE_AT[index]!) : undefined;
            return (
              <li
                key={step.title}
                className={`next-steps__item claim-progress__step claim-progress__step--${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <strong className="next-steps__title">
                  {step.title}{' '}
                  <span className={`claim-progress__tag claim-progress__tag--${state}`}>
                    {STATE_TEXT[state]}
                  </span>
                </strong>
                {doneAt && (
                  <span className="claim-progress__date">
                    On <Time iso={doneAt} />
                  </span>
                )}
                <span>{step.text}</span>
              </li>
            );
          })}
        </ol>
      </section>
      <AvailableUntil progress={progress} />
      <p>You can start a new claim with your email address.</p>
      <Button onClick={onStartNew}>start a new claim</Button>
    </ResultPanel>
  );
}

function AvailableUntil({ progress }: { progress: Progress }) {
  if (!progress.availableUntil) return null;
  return (
    <p>
      This page shows your claim until <Time iso={progress.availableUntil} />.
    </p>
  );
}
