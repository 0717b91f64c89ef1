import type { ClaimProgress as Progress } from '@prize/generated/client';
import type { Ref } from 'react';
import { Button } from '../../components/Button/Button';
import { PhoneLink } from '../../components/PhoneLink/PhoneLink';
import { ReferenceNumber } from '../../components/ReferenceNumber/ReferenceNumber';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SCREEN_MESSAGES } from '../../domain/messages';
import { NEXT_STEPS } from './ClaimSubmitted';
import './ClaimProgress.css';

export interface ClaimProgressProps {
  progress: Progress;
  onStartNew: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

type StepState = 'completed' | 'current' | 'waiting';

const STATE_TEXT: Record<StepState, string> = {
  completed: 'Completed',
  current: 'In progress',
  waiting: 'Not started',
};

// The claim link of a submitted claim: the five steps of spec section 1, those done marked
// Completed and the next one In progress (none when the claim was rejected).
export function ClaimProgress({ progress, onStartNew, headingRef }: ClaimProgressProps) {
  const rejected = progress.step === 'rejected';
  const stateOf = (index: number): StepState =>
    index < progress.completedSteps
      ? 'completed'
      : index === progress.completedSteps && !rejected
        ? 'current'
        : 'waiting';
  return (
    <ResultPanel variant="verification" title="Your claim's progress" headingRef={headingRef}>
      <p className="lead">{SCREEN_MESSAGES.alreadySubmitted}</p>
      <ReferenceNumber claimHashid={progress.reference} />
      {rejected && (
        <div className="info-box claim-progress__stopped">
          <p>
            We cannot go on with this claim. Please contact Customer Care by phone on <PhoneLink />{' '}
            so we can explain.
          </p>
        </div>
      )}
      <section className="next-steps" aria-labelledby="claim-progress-title">
        <h2 id="claim-progress-title">Claim steps</h2>
        <ol className="next-steps__list">
          {NEXT_STEPS.map((step, index) => {
            const state = stateOf(index);
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
                <span>{step.text}</span>
              </li>
            );
          })}
        </ol>
      </section>
      <p>You can start a new claim with your email address.</p>
      <Button onClick={onStartNew}>start a new claim</Button>
    </ResultPanel>
  );
}
