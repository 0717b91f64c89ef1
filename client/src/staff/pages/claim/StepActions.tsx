import { type ClaimStep, type StaffClaim, useChangeStaffClaimStep } from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { StepTransitionRequestRules } from '@prize/generated/rules';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { RadioGroup } from '../../../components/RadioGroup/RadioGroup';
import { StaffForm } from '../../components/StaffForm';
import { TextAreaField } from '../../components/TextAreaField';
import { staffErrorMessage, submissionErrors } from '../../domain/errors';
import { REJECTION_REASONS, STEP_ACTIONS } from '../../domain/labels';
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

// The steps that e-mail the claimant, and what the e-mail says: asked to confirm first.
export const STEP_EMAILS: Partial<Record<ClaimStep, string>> = {
  ticket_requested: 'the QR code of their ticket code and how to post the ticket',
  payment_details_requested: 'how to give their bank details',
  paid: 'that their prize has been paid',
};

export interface StepActionsProps {
  claim: StaffClaim;
  onChanged: (claim: StaffClaim, notice: string) => Promise<void>;
  // The claim moved on elsewhere (409): read it again.
  onStale: () => void;
}

const reasonMax = StepTransitionRequestRules.reason.maxLength;
const OTHER = 'other';

type RejectValues = { standard?: string; details?: string };

// The reason sent: the standard one chosen, then what the advisor added (or their own words).
export function rejectionReason(values: RejectValues): string {
  const details = values.details?.trim() ?? '';
  const standard = values.standard && values.standard !== OTHER ? values.standard : '';
  return [standard, details].filter(Boolean).join(' ');
}

function validateRejection(values: RejectValues) {
  if (!values.standard) return { standard: 'Choose a reason for rejecting the claim.' };
  if (values.standard === OTHER && !values.details?.trim())
    return { details: 'Enter the reason for rejecting the claim.' };
  const length = rejectionReason(values).length;
  if (length > reasonMax)
    return { details: `The reason must be ${reasonMax} characters or fewer (it is ${length}).` };
  return {};
}

// The moves the server allows this person now: one button per step forward (with a
// confirmation when it e-mails the claimant), and rejection with a reason.
export function StepActions({ claim, onChanged, onStale }: StepActionsProps) {
  const { csrf } = useStaffSession();
  const change = useChangeStaffClaimStep({ request: csrf });
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<ClaimStep | undefined>();
  const errorRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error !== undefined) errorRef.current?.focus();
  }, [error]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const forward = claim.allowedTransitions.filter(
    (to): to is keyof typeof STEP_ACTIONS => to !== 'rejected' && to !== 'submitted',
  );
  const canReject = claim.allowedTransitions.includes('rejected');
  const waiting = claim.status === 'info_requested';
  if (forward.length === 0 && !canReject) return null;

  const move = async (to: ClaimStep, reason?: string) => {
    setError(undefined);
    setConfirming(undefined);
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
          <p>The actions below are the ones possible now.</p>
        </div>
      )}
      {waiting && (
        <p className="staff-inset">
          Waiting for the claimant to answer the information request: the steps that need their
          answer are offered once it arrives.
        </p>
      )}
      {confirming ? (
        <div
          className="staff-confirm"
          ref={confirmRef}
          tabIndex={-1}
          role="group"
          aria-labelledby="confirm-title"
        >
          <h3 id="confirm-title">{STEP_ACTIONS[confirming as keyof typeof STEP_ACTIONS]}?</h3>
          <p>
            The claimant ({claim.email}) is e-mailed {STEP_EMAILS[confirming]}.
          </p>
          <div className="button-group">
            <Button loading={change.isPending} onClick={() => void move(confirming).catch(failed)}>
              Yes, {STEP_ACTIONS[confirming as keyof typeof STEP_ACTIONS].toLowerCase()} and e-mail
              the claimant
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(undefined)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        forward.length > 0 && (
          <div className="button-group">
            {forward.map((to) => (
              <Button
                key={to}
                loading={change.isPending && change.variables?.data.to === to}
                onClick={() => (STEP_EMAILS[to] ? setConfirming(to) : void move(to).catch(failed))}
              >
                {STEP_ACTIONS[to]}
              </Button>
            ))}
          </div>
        )
      )}
      {canReject && (
        <details className="staff-reject">
          <summary>Reject the claim</summary>
          <StaffForm<RejectValues>
            label="Reject the claim"
            submitLabel="Reject the claim"
            submitVariant="warning"
            validate={validateRejection}
            onSubmit={async (values) => {
              try {
                await move('rejected', rejectionReason(values));
                return undefined;
              } catch (failure) {
                if (isApiError(failure) && failure.status === 409) onStale();
                const errors = submissionErrors(failure);
                return errors && 'reason' in errors ? { details: errors.reason } : errors;
              }
            }}
          >
            <RadioGroup<string>
              name="standard"
              legend="Reason for rejecting"
              hint="Customer Care reads this to the claimant."
              options={[
                ...REJECTION_REASONS.map((reason) => ({ value: reason, label: reason })),
                { value: OTHER, label: 'Another reason (write it below)' },
              ]}
            />
            <TextAreaField
              name="details"
              label="More about the reason (optional unless another reason)"
              maxLength={reasonMax}
            />
          </StaffForm>
        </details>
      )}
    </section>
  );
}
