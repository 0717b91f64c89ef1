import { type ClaimStep, type StaffClaim, useChangeStaffClaimStep } from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { StepTransitionRequestRules } from '@prize/generated/rules';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { StaffForm } from '../../components/StaffForm';
import { TextAreaField } from '../../components/TextAreaField';
import { staffErrorMessage, submissionErrors } from '../../domain/errors';
import { STEP_ACTIONS } from '../../domain/labels';
import { ruleError } from '../../domain/validation';
import { useStaffSession } from '../../session';

export const STEP_DONE: Record<Exclude<ClaimStep, 'submitted'>, string> = {
  reviewed: 'The claim is marked as reviewed.',
  ticket_requested:
    'The ticket is requested: the claimant is e-mailed the QR code and how to post the ticket.',
  ticket_received: 'The ticket is marked as received.',
  payment_details_requested:
    'Payment details are requested: the claimant is e-mailed how to give them.',
  paid: 'The claim is marked as paid: the claimant is e-mailed a confirmation.',
  rejected: 'The claim is rejected. Customer Care will phone the claimant.',
};

export interface StepActionsProps {
  claim: StaffClaim;
  onChanged: (claim: StaffClaim, notice: string) => Promise<void>;
  // The claim moved on elsewhere (409): read it again.
  onStale: () => void;
}

const reasonMax = StepTransitionRequestRules.reason.maxLength;

function validateReason(values: { reason?: string }) {
  return { reason: ruleError(StepTransitionRequestRules.reason, values.reason?.trim()) };
}

// The transitions the server allows this person from the claim's step: one button per step
// forward, and rejection with a reason.
export function StepActions({ claim, onChanged, onStale }: StepActionsProps) {
  const { csrf } = useStaffSession();
  const change = useChangeStaffClaimStep({ request: csrf });
  const [error, setError] = useState<string | undefined>();
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error !== undefined) errorRef.current?.focus();
  }, [error]);

  const forward = claim.allowedTransitions.filter(
    (to): to is keyof typeof STEP_ACTIONS => to !== 'rejected' && to !== 'submitted',
  );
  const canReject = claim.allowedTransitions.includes('rejected');
  if (forward.length === 0 && !canReject) return null;

  const move = async (to: ClaimStep, reason?: string) => {
    setError(undefined);
    const response = await change.mutateAsync({
      claimHashid: claim.claimHashid,
      data: reason === undefined ? { from: claim.step, to } : { from: claim.step, to, reason },
    });
    if (to !== 'submitted') await onChanged(response.data, STEP_DONE[to]);
  };
  const failed = (failure: unknown) => {
    setError(staffErrorMessage(failure));
    if (isApiError(failure) && failure.status === 409) onStale();
  };

  return (
    <section aria-labelledby="actions-title" className="staff-actions">
      <h2 id="actions-title">Next step</h2>
      {error !== undefined && (
        <div className="error-banner" ref={errorRef} tabIndex={-1} role="alert">
          <p className="error-banner__title">{error}</p>
        </div>
      )}
      {forward.length > 0 && (
        <div className="button-group">
          {forward.map((to) => (
            <Button
              key={to}
              loading={change.isPending && change.variables?.data.to === to}
              onClick={() => void move(to).catch(failed)}
            >
              {STEP_ACTIONS[to]}
            </Button>
          ))}
        </div>
      )}
      {canReject && (
        <details className="staff-reject">
          <summary>Reject the claim</summary>
          <StaffForm<{ reason?: string }>
            label="Reject the claim"
            submitLabel="Reject the claim"
            submitVariant="warning"
            validate={validateReason}
            onSubmit={async (values) => {
              try {
                await move('rejected', values.reason?.trim());
                return undefined;
              } catch (failure) {
                if (isApiError(failure) && failure.status === 409) onStale();
                return submissionErrors(failure);
              }
            }}
          >
            <TextAreaField
              name="reason"
              label="Reason for rejecting"
              hint={`Customer Care reads this to the claimant. At most ${reasonMax} characters.`}
            />
          </StaffForm>
        </details>
      )}
    </section>
  );
}
