import type { Ref } from 'react';
import { NextSteps } from '../../components/NextSteps/NextSteps';
import { ReferenceNumber } from '../../components/ReferenceNumber/ReferenceNumber';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SCREEN_MESSAGES } from '../../domain/messages';

export interface ClaimSubmittedProps {
  claimHashid: string;
  email: string;
  headingRef?: Ref<HTMLHeadingElement>;
}

export const NEXT_STEPS = [
  {
    title: 'Claim reviewed',
    text: 'A Claims Advisor processes your claim and completes security checks.',
  },
  {
    title: 'Ticket requested',
    text: 'Subject to step 1, we email you a unique QR code and instructions to post your ticket.',
  },
  { title: 'Ticket received', text: 'We carry out further checks when your ticket arrives.' },
  {
    title: 'Payment details',
    text: 'We email you instructions for giving your bank details for a digital payment.',
  },
  { title: 'Payment', text: 'Your prize is paid within 2-3 days.' },
] as const;

export function ClaimSubmitted({ claimHashid, email, headingRef }: ClaimSubmittedProps) {
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
      <NextSteps steps={NEXT_STEPS} />
    </ResultPanel>
  );
}
