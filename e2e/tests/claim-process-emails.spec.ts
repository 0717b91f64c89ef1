import type { Page } from '@playwright/test';
import { submittedDrawClaim } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { uniqueEmail } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { linkIn, waitForMail } from '../support/mail.ts';
import { PAYMENT_DETAILS_URL } from '../support/payment.ts';
import { claimsAdvisorApi } from '../support/staff-api.ts';

/*
 * Issue 31's acceptance: the e-mails follow the claim they are about. A cheque claimant with a
 * white draw ticket and a bank-transfer claimant with a pink one go through every step (staff
 * steps driven through the API; the back-office spec drives them through the screens); every
 * e-mail is read from the mail catcher, and its status link opens the claim's progress at the
 * step the e-mail is about, without a verify call.
 */

const STATUS_LINK = /\/claim\/status\/[A-Za-z0-9_-]{43}\b/;

type Mail = Awaited<ReturnType<typeof waitForMail>>;

const bodyOf = (mail: Mail) => `${mail.text ?? ''}\n${mail.html ?? ''}`;

/** Opens the e-mail's status link and checks the progress shows `current` (or all five done). */
async function opensProgressAt(page: Page, mail: Mail, current: string | 'paid'): Promise<void> {
  const verifyCalls: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/verify')) verifyCalls.push(request.url());
  };
  page.on('request', onRequest);
  await page.goto(linkIn(mail, STATUS_LINK));
  await expect(
    page.getByRole('heading', { name: "Your claim's progress", level: 1 }),
  ).toBeVisible();
  if (current === 'paid') {
    await expect(page.getByText('Completed', { exact: true })).toHaveCount(5);
    await expect(page.getByText(/We paid your prize of £1,000\.00 on/)).toBeVisible();
  } else {
    await expect(page.locator('[aria-current="step"] .next-steps__title')).toHaveText(
      new RegExp(`^${current} In progress$`),
    );
  }
  page.off('request', onRequest);
  expect(verifyCalls, 'the status link makes no verify call').toEqual([]);
}

for (const claimant of [
  {
    title: 'a cheque claimant with a white draw ticket',
    ticketType: 'WHITE' as const,
    cheque: true,
    signing: 'Sign the front of your ticket',
    wrongSide: 'Sign the back',
  },
  {
    title: 'a bank-transfer claimant with a pink draw ticket',
    ticketType: 'PINK' as const,
    cheque: false,
    signing: 'Sign the back of your ticket',
    wrongSide: 'Sign the front',
  },
]) {
  test(`the process e-mails of ${claimant.title}`, async ({ page }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(claimant.cheque ? 'cheque-white' : 'bank-pink');
    const claim = await submittedDrawClaim(email, claimant);
    const advisor = await claimsAdvisorApi(
      'Ada Advisor',
      uniqueEmail(claimant.cheque ? 'advisor-cheque' : 'advisor-bank'),
    );
    const mails: Mail[] = [];

    await test.step('the confirmation carries the status link; the progress shows at once', async () => {
      const mail = await waitForMail(email, /has been submitted/);
      mails.push(mail);
      expect(mail.text).toContain(claim.hashid);
      await opensProgressAt(page, mail, 'Claim reviewed');
      await expectNoAxeViolations(page, 'claimant: progress from the status link');
    });

    await test.step('ticket requested: signed on the right side', async () => {
      await advisor.step(claim.hashid, 'submitted', 'reviewed');
      await advisor.step(claim.hashid, 'reviewed', 'ticket_requested');
      const mail = await waitForMail(email, /^Please post your ticket/);
      mails.push(mail);
      expect(mail.text).toContain(claimant.signing);
      expect(mail.html).toContain(claimant.signing);
      expect(bodyOf(mail)).not.toContain(claimant.wrongSide);
      expect(mail.text).toContain('draw-based game prize claim');
      await opensProgressAt(page, mail, 'Ticket received');
    });

    await test.step('ticket received: the claimant is told', async () => {
      await advisor.step(claim.hashid, 'ticket_requested', 'ticket_received');
      const mail = await waitForMail(email, /^We have received your ticket/);
      mails.push(mail);
      await opensProgressAt(page, mail, 'Payment details');
    });

    await test.step('payment step: a cheque to the address, or the bank-details link', async () => {
      await advisor.step(claim.hashid, 'ticket_received', 'payment_details_requested');
      const mail = claimant.cheque
        ? await waitForMail(email, /^Your cheque will be posted to you/)
        : await waitForMail(email, /^Please send your payment details/);
      mails.push(mail);
      if (claimant.cheque) {
        expect(mail.text).toContain('post your cheque to the address on your claim');
        expect(bodyOf(mail)).not.toContain(PAYMENT_DETAILS_URL);
      } else {
        expect(mail.text).toContain(`${PAYMENT_DETAILS_URL}?reference=${claim.hashid}`);
      }
      await opensProgressAt(page, mail, 'Payment');
    });

    await test.step('paid: the cheque was posted, or the transfer made', async () => {
      await advisor.step(claim.hashid, 'payment_details_requested', 'paid');
      const mail = await waitForMail(email, /^Your prize has been paid/);
      mails.push(mail);
      expect(mail.text).toContain(
        claimant.cheque ? 'We have posted your cheque' : 'arrive in your bank account',
      );
      await opensProgressAt(page, mail, 'paid');
      await expectNoAxeViolations(page, 'claimant: progress of a paid claim');
    });

    await test.step('every e-mail carries the status link; a cheque claimant is never asked about a bank', () => {
      expect(mails).toHaveLength(5);
      const links = new Set(mails.map((mail) => linkIn(mail, STATUS_LINK)));
      expect(links.size).toBe(1);
      if (claimant.cheque)
        for (const mail of mails) expect(bodyOf(mail), mail.subject).not.toMatch(/bank/i);
    });
  });
}
