// The claimant's five steps after submission (spec section 1), written once: the success page, the
// confirmation e-mail and the claim's progress view all read them, so they never differ.

/** How the prize is paid: the claim's "I would prefer a cheque" answer. */
export type PaymentMethod = 'bank_transfer' | 'cheque';

export interface ClaimantStep {
  title: string;
  text: string;
}

/**
 * The five steps, in order, in the spec's words (section 1). A claimant who prefers a cheque is
 * never asked for bank details (issue 31): steps 4 and 5 then say what happens to the cheque, in
 * the spec's words where it has them ("A cheque may delay payment").
 */
export function claimantNextSteps(payment: PaymentMethod): readonly ClaimantStep[] {
  const cheque = payment === 'cheque';
  return [
    {
      title: 'Claim reviewed',
      text: 'A Claims Advisor processes the claim and completes security checks.',
    },
    {
      title: 'Ticket requested',
      text: 'Subject to step 1, an e-mail is sent with a unique QR code and instructions to post the ticket.',
    },
    {
      title: 'Ticket received',
      text: 'Further checks are carried out on arrival.',
    },
    {
      title: 'Payment details',
      text: cheque
        ? 'An e-mail confirms that the cheque will be posted to the address on the claim.'
        : 'An e-mail gives instructions for providing bank details for digital payment.',
    },
    {
      title: 'Payment',
      text: cheque
        ? 'The cheque is posted to the address on the claim. A cheque may delay payment.'
        : 'Made within 2-3 days.',
    },
  ];
}

export const paymentMethodOf = (isChequePreferred: boolean | undefined): PaymentMethod =>
  isChequePreferred ? 'cheque' : 'bank_transfer';
