import QRCode from 'qrcode';
import { escapeHtml, layout, type EmailContent } from '../mail/templates.ts';

/** The content id the HTML names to show the QR code inline. */
export const TICKET_QR_CID = 'ticket-code-qr';

const quoteReference = (reference: string) =>
  `Please quote your claim reference number ${reference} if you contact us.`;

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/**
 * Step 2's e-mail: the ticket code as a QR code (inline PNG) and as text, and how to post the
 * ticket. The QR code encodes exactly the code, so scanning it on the back office's "ticket
 * received" screen types the code.
 */
export async function ticketRequestedEmail({
  productName,
  reference,
  ticketCode,
  postalAddress,
}: {
  productName: string;
  reference: string;
  ticketCode: string;
  postalAddress: string;
}): Promise<EmailContent> {
  const subject = `Please post your ticket - claim ${reference}`;
  const png = await QRCode.toBuffer(ticketCode, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 8,
  });
  const intro = [
    `We have reviewed your ${productName} prize claim ${reference}. Please now post us your ticket.`,
    `Your ticket code is ${ticketCode}. The QR code in this e-mail holds the same code.`,
  ];
  const steps = [
    'Sign the back of your ticket.',
    `Print this e-mail and put the printed page with the QR code in the envelope with your ticket, or write the code ${ticketCode} on the back of the envelope.`,
    'Send it by Royal Mail Special Delivery, so it is tracked and insured, to:',
  ];
  const text = [
    ...intro,
    '',
    'How to post your ticket:',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    postalAddress,
    '',
    'Keep your proof of posting until we tell you the ticket has arrived.',
    quoteReference(reference),
  ].join('\n');
  const html = layout(
    subject,
    paragraphs(intro) +
      `<p><img src="cid:${TICKET_QR_CID}" width="264" height="264" alt="QR code of your ticket code ${escapeHtml(ticketCode)}"></p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:2px">${escapeHtml(ticketCode)}</p>` +
      '<h2 style="font-size:20px">How to post your ticket</h2><ol>' +
      steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('') +
      `</ol><p><strong>${escapeHtml(postalAddress)}</strong></p>` +
      paragraphs([
        'Keep your proof of posting until we tell you the ticket has arrived.',
        quoteReference(reference),
      ]),
  );
  return {
    subject,
    text,
    html,
    attachments: [
      { filename: 'ticket-code.png', contentType: 'image/png', content: png, cid: TICKET_QR_CID },
    ],
  };
}

/** Step 4's e-mail: how to give bank details, with the link to the payment-details form. */
export function paymentDetailsRequestedEmail({
  productName,
  reference,
  paymentDetailsUrl,
}: {
  productName: string;
  reference: string;
  paymentDetailsUrl: string;
}): EmailContent {
  const subject = `Please send your payment details - claim ${reference}`;
  const link = new URL(paymentDetailsUrl);
  link.searchParams.set('reference', reference);
  const intro = [
    `We have received your ticket and completed our checks on your ${productName} prize claim ${reference}.`,
    'To be paid by bank transfer, please give us your bank details using the link below. Have your claim reference number and your bank account details ready.',
  ];
  const text = [
    ...intro,
    '',
    link.href,
    '',
    'We will never ask for your bank details by phone or in a reply to this e-mail.',
    quoteReference(reference),
  ].join('\n');
  const html = layout(
    subject,
    paragraphs(intro) +
      `<p><a href="${escapeHtml(link.href)}">Give your payment details</a></p>` +
      `<p>Or copy this link into your browser: ${escapeHtml(link.href)}</p>` +
      paragraphs([
        'We will never ask for your bank details by phone or in a reply to this e-mail.',
        quoteReference(reference),
      ]),
  );
  return { subject, text, html };
}

/** Step 5's e-mail: the payment was made. */
export function paidEmail({
  productName,
  reference,
}: {
  productName: string;
  reference: string;
}): EmailContent {
  const subject = `Your prize has been paid - claim ${reference}`;
  const lines = [
    `We have made the payment for your ${productName} prize claim ${reference}.`,
    'The money should arrive in your bank account within 2-3 days.',
    quoteReference(reference),
  ];
  return { subject, text: lines.join('\n'), html: layout(subject, paragraphs(lines)) };
}
