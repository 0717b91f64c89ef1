import { describe, expect, it } from 'vitest';
import { claimantNextSteps } from './nextSteps.ts';
import { signingInstruction, ticketKind } from './ticketSigning.ts';

describe('where a ticket is signed', () => {
  it.each([
    ['DBG', 'PINK', 'Sign the back of your ticket, in the signature box.'],
    ['DBG', 'WHITE', 'Sign the front of your ticket, in the signature box.'],
    ['SC', undefined, 'Sign the back of your Scratchcard, in the signature box.'],
  ] as const)('when the product is %s and the ticket %s, then "%s"', (product, type, words) => {
    expect(signingInstruction(ticketKind(product, type))).toBe(words);
  });
});

describe("the claimant's next steps", () => {
  it('when the claimant prefers a cheque, then no step mentions a bank', () => {
    const steps = claimantNextSteps('cheque');
    expect(steps).toHaveLength(5);
    for (const step of steps) expect(step.text).not.toMatch(/bank|email/i);
    // Steps 1-3 as for everyone; 4 and 5 say what happens to the cheque.
    expect(steps.slice(0, 3)).toEqual(claimantNextSteps('bank_transfer').slice(0, 3));
    expect(steps.slice(3).map((step) => step.text)).toEqual([
      'An e-mail confirms that the cheque will be posted to the address on the claim.',
      'The cheque is posted to the address on the claim. A cheque may delay payment.',
    ]);
  });

  it('when the claimant is paid by bank transfer, then the payment steps say so', () => {
    const steps = claimantNextSteps('bank_transfer');
    expect(steps.map((step) => step.title)).toEqual([
      'Claim reviewed',
      'Ticket requested',
      'Ticket received',
      'Payment details',
      'Payment',
    ]);
    // The spec's words (section 1), exactly: "e-mail", payment "made within 2-3 days".
    expect(steps.map((step) => step.text)).toEqual([
      'A Claims Advisor processes the claim and completes security checks.',
      'Subject to step 1, an e-mail is sent with a unique QR code and instructions to post the ticket.',
      'Further checks are carried out on arrival.',
      'An e-mail gives instructions for providing bank details for digital payment.',
      'Made within 2-3 days.',
    ]);
  });
});
