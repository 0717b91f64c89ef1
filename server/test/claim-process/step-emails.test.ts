import { describe, expect, it } from 'vitest';
import type { TicketKind } from '@prize/domain';
import {
  paidEmail,
  paymentDetailsRequestedEmail,
  rejectedEmail,
  TICKET_QR_CID,
  ticketReceivedEmail,
  ticketRequestedEmail,
  type ClaimFacts,
} from '../../src/modules/claim-process/step-emails.ts';
import type { EmailContent } from '../../src/modules/mail/templates.ts';
import { decodeQr } from './qr.ts';

const STATUS_LINK =
  'https://claims.example.co.uk/claim/status/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PAYMENT_URL = 'https://pay.example.co.uk/details?lang=en';

const claim = (overrides: Partial<ClaimFacts> = {}): ClaimFacts => ({
  productName: 'National Lottery',
  reference: 'K7Q2M9XA',
  productType: 'DBG',
  ticketKind: 'PINK',
  payment: 'bank_transfer',
  statusLink: STATUS_LINK,
  customerCarePhone: '0333 234 5050',
  ...overrides,
});

const requested = (facts: ClaimFacts) =>
  ticketRequestedEmail(facts, {
    ticketCode: 'PC-7Q2M9XA4KD',
    postalAddress: 'Winner Services, PO Box 1234, Watford, WD17 1AA',
  });

/** Both parts of an e-mail, for what each must say. */
const parts = (email: EmailContent) => [email.text, email.html];

/** Every step e-mail, for the claim given. */
async function allStepEmails(facts: ClaimFacts): Promise<EmailContent[]> {
  return [
    await requested(facts),
    ticketReceivedEmail(facts),
    paymentDetailsRequestedEmail(facts, { paymentDetailsUrl: PAYMENT_URL }),
    paidEmail(facts),
    rejectedEmail(facts),
  ];
}

describe('step e-mails', () => {
  it('when the ticket is requested, then the QR code holds the code, shown inline, with posting instructions', async () => {
    const email = await requested(claim());
    expect(email.subject).toBe('Please post your ticket - claim K7Q2M9XA');
    const [qr] = email.attachments!;
    expect(qr).toMatchObject({ contentType: 'image/png', cid: TICKET_QR_CID });
    expect(await decodeQr(qr!.content)).toBe('PC-7Q2M9XA4KD');
    expect(email.html).toContain(`src="cid:${TICKET_QR_CID}"`);
    for (const body of parts(email)) {
      expect(body).toContain('PC-7Q2M9XA4KD');
      expect(body).toContain('Winner Services, PO Box 1234, Watford, WD17 1AA');
      expect(body).toContain('Special Delivery');
      expect(body).toContain('draw-based game prize claim K7Q2M9XA');
    }
  });

  it.each<[TicketKind, string, string]>([
    ['PINK', 'Sign the back of your ticket', 'Sign the front'],
    ['WHITE', 'Sign the front of your ticket', 'Sign the back'],
    ['SC', 'Sign the back of your Scratchcard', 'Sign the front'],
  ])(
    'when the ticket requested is %s, then both parts say "%s" and never "%s"',
    async (ticketKind, says, never) => {
      const email = await requested(
        claim({ ticketKind, productType: ticketKind === 'SC' ? 'SC' : 'DBG' }),
      );
      for (const body of parts(email)) {
        expect(body).toContain(says);
        expect(body).not.toContain(never);
      }
    },
  );

  it('when the ticket is a Scratchcard, then the e-mails word the product as a Scratchcard', async () => {
    const facts = claim({ productType: 'SC', ticketKind: 'SC' });
    expect((await requested(facts)).subject).toBe('Please post your Scratchcard - claim K7Q2M9XA');
    expect(ticketReceivedEmail(facts).text).toContain(
      'Your Scratchcard for your National Lottery Scratchcard prize claim K7Q2M9XA has arrived.',
    );
    for (const email of await allStepEmails(facts)) expect(email.text).not.toMatch(/draw-based/i);
  });

  it('when the ticket is received, then the claimant is told, with what comes next for their payment', () => {
    expect(ticketReceivedEmail(claim()).text).toContain('ask for your bank details');
    expect(ticketReceivedEmail(claim({ payment: 'cheque' })).text).toContain(
      'before we post your cheque',
    );
  });

  it('when a bank-transfer claimant is asked for payment details, then the link carries the reference on the configured base', () => {
    const email = paymentDetailsRequestedEmail(claim(), { paymentDetailsUrl: PAYMENT_URL });
    expect(email.subject).toBe('Please send your payment details - claim K7Q2M9XA');
    expect(email.text).toContain('https://pay.example.co.uk/details?lang=en&reference=K7Q2M9XA');
    expect(email.html).toContain(
      'href="https://pay.example.co.uk/details?lang=en&amp;reference=K7Q2M9XA"',
    );
  });

  it('when a cheque claimant reaches the payment step, then no bank details are asked for and the cheque goes to the address on the claim', () => {
    const email = paymentDetailsRequestedEmail(claim({ payment: 'cheque' }), {
      paymentDetailsUrl: PAYMENT_URL,
    });
    expect(email.subject).toBe('Your cheque will be posted to you - claim K7Q2M9XA');
    for (const body of parts(email)) {
      expect(body).toContain('post your cheque to the address on your claim');
      expect(body).not.toContain('pay.example.co.uk');
    }
  });

  it('when paid, then a bank-transfer claimant is told the money arrives in 2-3 days and a cheque claimant that the cheque was posted', () => {
    const bank = paidEmail(claim());
    expect(bank.subject).toBe('Your prize has been paid - claim K7Q2M9XA');
    expect(bank.text).toContain('arrive in your bank account within 2-3 days');
    const cheque = paidEmail(claim({ payment: 'cheque' }));
    expect(cheque.text).toContain('We have posted your cheque');
    expect(cheque.text).toContain('to the address on your claim');
  });

  it('when a cheque claimant is e-mailed at any step, then no e-mail mentions a bank', async () => {
    for (const email of await allStepEmails(claim({ payment: 'cheque', ticketKind: 'WHITE' })))
      for (const body of parts(email)) expect(body, email.subject).not.toMatch(/bank/i);
  });

  it('when rejected, then the claimant is asked to phone Customer Care on its number', () => {
    const email = rejectedEmail(claim());
    expect(email.subject).toBe('An update on your prize claim K7Q2M9XA');
    for (const body of parts(email)) {
      expect(body).toContain('We are unable to continue');
      expect(body).toContain('Customer Care');
      expect(body).toContain('0333 234 5050');
    }
  });

  it('when any step e-mails the claimant, then both parts carry the status link, the reference and Customer Care', async () => {
    for (const email of await allStepEmails(claim())) {
      expect(email.text, email.subject).toContain(STATUS_LINK);
      expect(email.html, email.subject).toContain(`href="${STATUS_LINK}"`);
      for (const body of parts(email)) {
        expect(body).toContain('K7Q2M9XA');
        expect(body).toContain('0333 234 5050');
      }
    }
  });

  it('when a value holds markup, then the HTML part escapes it and the text part keeps it as typed', () => {
    const email = paidEmail(claim({ productName: 'Lotto <b>&</b> "Co"' }));
    expect(email.html).toContain('Lotto &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot;');
    expect(email.html).not.toContain('<b>');
    expect(email.text).toContain('Lotto <b>&</b> "Co"');
  });
});
