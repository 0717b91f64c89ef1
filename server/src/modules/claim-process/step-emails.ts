import QRCode from 'qrcode';
import {
  productWording,
  signingInstruction,
  type PaymentMethod,
  type ProductType,
  type TicketKind,
} from '@prize/domain';
import { renderEmail, type EmailBlock, type EmailContent } from '../mail/templates.ts';

/** The content id the HTML names to show the QR code inline. */
export const TICKET_QR_CID = 'ticket-code-qr';

/**
 * What every step e-mail follows of its claim (issue 31): how the claimant asked to be paid, the
 * ticket they hold and the product, and where they can see the claim's progress.
 */
export interface ClaimFacts {
  productName: string;
  reference: string;
  productType: ProductType;
  ticketKind: TicketKind;
  payment: PaymentMethod;
  /** The claim's status link (its progress view). */
  statusLink: string;
  customerCarePhone: string;
}

const about = (claim: ClaimFacts) =>
  `your ${claim.productName} ${productWording(claim.productType)} prize claim ${claim.reference}`;

/** The end of every step e-mail: the status link, the reference, Customer Care. */
const closing = (claim: ClaimFacts): EmailBlock[] => [
  { kind: 'status', href: claim.statusLink },
  { kind: 'reference', reference: claim.reference },
  { kind: 'customerCare', phone: claim.customerCarePhone },
];

/**
 * Step 2's e-mail: the ticket code as a QR code (inline PNG) and as text, and how to post the
 * ticket, signed where its kind is signed. The QR code encodes exactly the code, so scanning it on
 * the back office's "ticket received" screen types the code.
 */
export async function ticketRequestedEmail(
  claim: ClaimFacts,
  { ticketCode, postalAddress }: { ticketCode: string; postalAddress: string },
): Promise<EmailContent> {
  const png = await QRCode.toBuffer(ticketCode, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 8,
  });
  const noun = claim.ticketKind === 'SC' ? 'Scratchcard' : 'ticket';
  return renderEmail(
    `Please post your ${noun} - claim ${claim.reference}`,
    [
      { kind: 'p', text: `We have reviewed ${about(claim)}. Please now post us your ${noun}.` },
      {
        kind: 'p',
        text: `Your ticket code is ${ticketCode}. The QR code in this e-mail holds the same code.`,
      },
      {
        kind: 'image',
        cid: TICKET_QR_CID,
        alt: `QR code of your ticket code ${ticketCode}`,
        size: 264,
      },
      { kind: 'strong', text: ticketCode },
      { kind: 'heading', text: `How to post your ${noun}` },
      {
        kind: 'list',
        items: [
          signingInstruction(claim.ticketKind),
          `Print this e-mail and put the printed page with the QR code in the envelope with your ${noun}, or write the code ${ticketCode} on the back of the envelope.`,
          'Send it by Royal Mail Special Delivery, so it is tracked and insured, to:',
        ],
      },
      { kind: 'strong', text: postalAddress },
      {
        kind: 'p',
        text: `Keep your proof of posting until we tell you the ${noun} has arrived. We will e-mail you when it does.`,
      },
      ...closing(claim),
    ],
    [
      {
        filename: 'ticket-code.png',
        contentType: 'image/png',
        content: png,
        cid: TICKET_QR_CID,
      },
    ],
  );
}

/** Step 3's e-mail: the ticket arrived; further checks follow. */
export function ticketReceivedEmail(claim: ClaimFacts): EmailContent {
  const noun = claim.ticketKind === 'SC' ? 'Scratchcard' : 'ticket';
  return renderEmail(`We have received your ${noun} - claim ${claim.reference}`, [
    { kind: 'p', text: `Your ${noun} for ${about(claim)} has arrived.` },
    {
      kind: 'p',
      text:
        claim.payment === 'cheque'
          ? 'We are now carrying out our final checks. We will e-mail you before we post your cheque.'
          : 'We are now carrying out our final checks. We will then e-mail you to ask for your bank details.',
    },
    ...closing(claim),
  ]);
}

/**
 * Step 4's e-mail. Bank transfer: the link to the payment provider's form, with the claim's
 * reference. Cheque: no bank details are asked for; the cheque goes to the address on the claim.
 */
export function paymentDetailsRequestedEmail(
  claim: ClaimFacts,
  { paymentDetailsUrl }: { paymentDetailsUrl: string },
): EmailContent {
  if (claim.payment === 'cheque')
    return renderEmail(`Your cheque will be posted to you - claim ${claim.reference}`, [
      { kind: 'p', text: `We have completed our checks on ${about(claim)}.` },
      {
        kind: 'p',
        text: 'You asked to be paid by cheque. We will post your cheque to the address on your claim, so there is nothing more you need to send us.',
      },
      {
        kind: 'customerCare',
        phone: claim.customerCarePhone,
        lead: 'If you have moved since you made your claim, please call Customer Care on',
      },
      { kind: 'status', href: claim.statusLink },
      { kind: 'reference', reference: claim.reference },
    ]);
  const link = new URL(paymentDetailsUrl);
  link.searchParams.set('reference', claim.reference);
  return renderEmail(`Please send your payment details - claim ${claim.reference}`, [
    { kind: 'p', text: `We have completed our checks on ${about(claim)}.` },
    {
      kind: 'p',
      text: 'To be paid by bank transfer, please give us your bank details using the link below. Have your claim reference number and your bank account details ready.',
    },
    { kind: 'link', href: link.href, label: 'Give your payment details' },
    {
      kind: 'p',
      text: 'We will never ask for your bank details by phone or in a reply to this e-mail.',
    },
    ...closing(claim),
  ]);
}

/** Step 5's e-mail: the prize was paid, by bank transfer or by a cheque in the post. */
export function paidEmail(claim: ClaimFacts): EmailContent {
  return renderEmail(`Your prize has been paid - claim ${claim.reference}`, [
    {
      kind: 'p',
      text:
        claim.payment === 'cheque'
          ? `We have posted your cheque for ${about(claim)} to the address on your claim. Please allow a few days for it to arrive.`
          : `We have made the payment for ${about(claim)}. The money should arrive in your bank account within 2-3 days.`,
    },
    ...closing(claim),
  ]);
}

/** A rejection: phone Customer Care. The staff's reason is for staff and is never sent. */
export function rejectedEmail(claim: ClaimFacts): EmailContent {
  return renderEmail(`An update on your prize claim ${claim.reference}`, [
    { kind: 'p', text: `We are unable to continue with ${about(claim)}.` },
    {
      kind: 'customerCare',
      phone: claim.customerCarePhone,
      lead: 'To find out why, please call Customer Care on',
    },
    { kind: 'status', href: claim.statusLink },
    { kind: 'reference', reference: claim.reference },
  ]);
}
