import type { ClaimStep, WaitingOn } from '@prize/generated/client';
import { STEP_LABELS, WAITING_LABELS } from '../domain/labels';

// A step's tag: its colour (and hidden words) say whose move it is, staff's, the post's or the
// claimant's, so the queue can be read by colour and by screen reader alike.
export function StepTag({ step, waitingOn }: { step: ClaimStep; waitingOn?: WaitingOn }) {
  const whose = waitingOn ?? (step === 'paid' || step === 'rejected' ? 'nobody' : 'staff');
  return (
    <span className={`staff-step staff-step--${whose} staff-step--${step}`}>
      {STEP_LABELS[step]}
      <span className="visually-hidden"> ({WAITING_LABELS[whose].toLowerCase()})</span>
    </span>
  );
}
