import { describe, expect, it } from 'vitest';
import {
  paidEmail,
  paymentDetailsRequestedEmail,
  TICKET_QR_CID,
  ticketRequestedEmail,
} from '../../src/modules/claim-process/step-emails.ts';
import { decodeQr } from './qr.ts';

describe('step e-mails', () => {
  it('when the ticket is requested, then the QR code holds the code, shown inline, with posting instructions', async () => {
    const email = await ticketRequestedEmail({
      productName: 'National Lottery',
      reference: 'K7Q2M9XA',
      ticketCode: 'PC-7Q2M9XA4KD',
      postalAddress: 'Winner Services, PO Box 1234, Watford, WD17 1AA',
    });
    expect(email.subject).toBe('Please post your ticket - claim K7Q2M9XA');
    const [qr] = email.attachments!;
    expect(qr).toMatchObject({ contentType: 'image/png', cid: TICKET_QR_CID });
    expect(await decodeQr(qr!.content)).toBe('PC-7Q2M9XA4KD');
    expect(email.html).toContain(`src="cid:${TICKET_QR_CID}"`);
    for (const body of [email.text, email.html]) {
      expect(body).toContain('PC-7Q2M9XA4KD');
      expect(body).toContain('Winner Services, PO Box 1234, Watford, WD17 1AA');
      expect(body).toContain('Special Delivery');
      expect(body).toMatch(/Sign the back of your ticket/);
    }
  });

  it('when payment details are requested, then the link carries the reference on the configured base', () => {
    const email = paymentDetailsRequestedEmail({
      productName: 'National Lottery',
      reference: 'K7Q2M9XA',
      paymentDetailsUrl: 'https://pay.example.co.uk/details?lang=en',
    });
    expect(email.subject).toBe('Please send your payment details - claim K7Q2M9XA');
    expect(email.text).toContain('https://pay.example.co.uk/details?lang=en&reference=K7Q2M9XA');
    expect(email.html).toContain(
      'href="https://pay.example.co.uk/details?lang=en&amp;reference=K7Q2M9XA"',
    );
  });

  it('when paid, then the claimant is told the money arrives within 2-3 days', () => {
    const email = paidEmail({ productName: 'National Lottery', reference: 'K7Q2M9XA' });
    expect(email.subject).toBe('Your prize has been paid - claim K7Q2M9XA');
    expect(email.text).toContain('within 2-3 days');
  });
});
