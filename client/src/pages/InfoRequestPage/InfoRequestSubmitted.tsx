import type { Ref } from 'react';
import { NextSteps } from '../../components/NextSteps/NextSteps';
import { ReferenceNumber } from '../../components/ReferenceNumber/ReferenceNumber';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SCREEN_MESSAGES } from '../../domain/messages';

export interface InfoRequestSubmittedProps {
  claimHashid: string;
  headingRef?: Ref<HTMLHeadingElement>;
}

// Spec section 2: Winner Services review it, the claimant keeps the ticket and quotes the
// claim reference number.
export function infoRequestNextSteps(claimHashid: string) {
  return [
    {
      title: 'We review your information',
      text: 'Our Winner Services Department will review what you have sent and contact you if we need anything else.',
    },
    {
      title: 'Keep your ticket',
      text: 'Keep your ticket or Scratchcard safe. Do not post it to us until we ask you to.',
    },
    {
      title: 'Quote your claim reference number',
      text: (
        <>
          If you contact us, quote your claim reference number{' '}
          <strong className="nowrap">{claimHashid}</strong>.
        </>
      ),
    },
  ];
}

export function InfoRequestSubmitted({ claimHashid, headingRef }: InfoRequestSubmittedProps) {
  return (
    <ResultPanel
      variant="celebration"
      title={SCREEN_MESSAGES.detailsSubmitted}
      headingRef={headingRef}
    >
      <p>
        Thank you. We have added your new information to your claim and sent you a confirmation
        email.
      </p>
      <ReferenceNumber claimHashid={claimHashid} />
      <NextSteps steps={infoRequestNextSteps(claimHashid)} />
    </ResultPanel>
  );
}
