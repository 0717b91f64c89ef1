import { claimantNextSteps, type PaymentMethod } from '@prize/domain';
import type { Ref } from 'react';
import { NextSteps } from '../../components/NextSteps/NextSteps';
import { ReferenceNumber } from '../../components/ReferenceNumber/ReferenceNumber';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SCREEN_MESSAGES } from '../../domain/messages';

export interface ClaimSubmittedProps {
  claimHashid: string;
  email: string;
  paymentMethod: PaymentMethod;
  headingRef?: Ref<HTMLHeadingElement>;
}

// The claimant's next steps come from @prize/domain: the confirmation e-mail and the progress view
// read the same words.
export function ClaimSubmitted({
  claimHashid,
  email,
  paymentMethod,
  headingRef,
}: ClaimSubmittedProps) {
  return (
    <ResultPanel variant="celebration" title={SCREEN_MESSAGES.submitted} headingRef={headingRef}>
      <p>
        We have sent a confirmation email to <strong className="break-anywhere">{email}</strong>.
      </p>
      <ReferenceNumber claimHashid={claimHashid} />
      <p>
        Quote this reference number if you contact us. Keep your ticket safe until we ask you to
        post it.
      </p>
      <p>The confirmation email has a link to see where your claim is at any time.</p>
      <NextSteps steps={claimantNextSteps(paymentMethod)} />
    </ResultPanel>
  );
}
