// The claimant's five steps after submission (spec section 1), written once: the success page, the
// confirmation e-mail and the claim's progress view all read them, so they never differ.

/** How the prize is paid: the claim's "I would prefer a cheque" answer. */
export type PaymentMethod = 'bank_transfer' | 'cheque';

export interface ClaimantStep {
  title: string;
  text: string;
}

/** The five steps, in order, worded for the claim's payment method. */
export function claimantNextSteps(payment: PaymentMethod): readonly ClaimantStep[] {
  const cheque = payment === 'cheque';
  return [
    {
      title: 'Claim reviewed',
      text: 'A Claims Advisor processes your claim and completes security checks.',
    },
    {
      title: 'Ticket requested',
      text: 'Subject to step 1, we email you a unique QR code and instructions to post your ticket.',
    },
    {
      title: 'Ticket received',
      text: 'We email you when your ticket arrives and carry out further checks.',
    },
    {
      title: 'Payment details',
      text: cheque
        ? 'We email you to confirm that your cheque will be posted to the address on your claim.'
        : 'We email you a link to give your bank details for a bank transfer.',
    },
    {
      title: 'Payment',
      text: cheque
        ? 'We post your cheque and email you. Please allow a few days for it to arrive.'
        : 'We pay your prize by bank transfer and email you. It arrives within 2-3 days.',
    },
  ];
}

export const paymentMethodOf = (isChequePreferred: boolean | undefined): PaymentMethod =>
  isChequePreferred ? 'cheque' : 'bank_transfer';
