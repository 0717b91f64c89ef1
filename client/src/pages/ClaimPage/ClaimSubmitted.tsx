import type { Ref } from 'react';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SCREEN_MESSAGES } from '../../rules/messages';

export interface ClaimSubmittedProps {
  claimHashid: string;
  email: string;
  headingRef?: Ref<HTMLHeadingElement>;
}

export const NEXT_STEPS = [
  { title: 'Claim reviewed', text: 'A Claims Advisor processes your claim and completes security checks.' },
  {
    title: 'Ticket requested',
    text: 'Subject to step 1, we email you a unique QR code and instructions to post your ticket.',
  },
  { title: 'Ticket received', text: 'We carry out further checks when your ticket arrives.' },
  { title: 'Payment details', text: 'We email you instructions for giving your bank details for a digital payment.' },
  { title: 'Payment', text: 'Your prize is paid within 2-3 days.' },
] as const;

export function ClaimSubmitted({ claimHashid, email, headingRef }: ClaimSubmittedProps) {
  return (
    <ResultPanel variant="celebration" title={SCREEN_MESSAGES.submitted} headingRef={headingRef}>
      <p>
        We have sent a confirmation email to <strong className="break-anywhere">{email}</strong>.
      </p>
      <div className="reference">
        <span className="reference__label">Your claim reference number</span>
        <strong className="reference__value">{claimHashid}</strong>
      </div>
      <p>Quote this reference number if you contact us. Keep your ticket safe until we ask you to post it.</p>
      <section className="next-steps" aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">What happens next?</h2>
        <ol className="next-steps__list">
          {NEXT_STEPS.map((step) => (
            <li key={step.title} className="next-steps__item">
              <strong className="next-steps__title">{step.title}</strong>
              <span>{step.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </ResultPanel>
  );
}
