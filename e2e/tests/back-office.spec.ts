import type { Browser, Page } from '@playwright/test';
import { submittedScratchcardClaim } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { stack, uniqueEmail } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { attachmentOf, waitForMail } from '../support/mail.ts';
import { chooseOption, tabTo } from '../support/keyboard.ts';
import {
  decodeQr,
  freshCode,
  press,
  setUpAccount,
  setupLinkFor,
  signIn,
  signOut,
  typeInto,
} from '../support/staff.ts';

/*
 * Issue 24's acceptance (staff driven by keyboard only, past the set-up forms): the first admin (STAFF_ADMIN_EMAIL, set-up link by e-mail) creates a
 * claims advisor; the advisor sets up password and TOTP, signs in, finds a submitted claim in
 * the queue, opens its images and moves it through the five steps (the ticket found again by
 * the code the ticket e-mail carries); the claimant's link then shows step 5 done, and the
 * claim's timeline has every step with the advisor's name. axe on every back-office screen.
 */

const TICKET_CODE = /PC-[0-9A-Z]{10}/;

/** A second browser (its own cookies) for another member of staff at the same time. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

async function moveTo(
  page: Page,
  action: string,
  notice: RegExp,
  step: string,
  emailsClaimant = false,
): Promise<void> {
  await press(page, page.getByRole('button', { name: action }));
  // A step that e-mails the claimant asks first (issue 32).
  if (emailsClaimant)
    await press(page, page.getByRole('button', { name: /^Yes, .* and e-mail the claimant$/ }));
  await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(step);
}

test('back office: an advisor set up by the admin takes a submitted claim through the five steps', async ({
  page,
  browser,
}) => {
  // Sign-ins of one account wait for the authenticator's next code (30 s steps).
  test.setTimeout(420_000);
  const admin = {
    email: stack().staffAdminEmail,
    name: '',
    password: 'correct horse battery staple admin',
    secret: '',
  };
  const advisor = {
    email: uniqueEmail('advisor'),
    name: 'Ravi Patel',
    password: 'correct horse battery staple advisor',
    secret: '',
  };
  const claimantEmail = uniqueEmail('back-office');
  const claim = await submittedScratchcardClaim(claimantEmail);

  await test.step('the first admin sets up the account from the e-mailed link and signs in', async () => {
    const setUp = await setUpAccount(page, await setupLinkFor(admin.email), admin.password);
    Object.assign(admin, setUp);
    await signIn(page, admin);
  });

  await test.step('the admin creates a claims advisor', async () => {
    await press(page, page.getByRole('link', { name: 'Staff accounts' }));
    await expect(page.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'back office: staff accounts');
    await typeInto(page, page.getByLabel('Full name'), advisor.name);
    await typeInto(page, page.getByLabel('E-mail address'), advisor.email);
    await tabTo(page, page.getByRole('checkbox', { name: 'Claims advisor' }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Claims advisor' })).toBeChecked();
    await press(page, page.getByRole('button', { name: 'Create account' }));
    await expect(page.getByRole('status')).toContainText(`Account created for ${advisor.name}`);
    await expect(page.getByRole('table')).toContainText(advisor.email);
    await expectNoAxeViolations(page, 'back office: staff account created');
    await signOut(page);
  });

  await test.step('the advisor sets up the account and signs in with password and TOTP', async () => {
    const setUp = await setUpAccount(page, await setupLinkFor(advisor.email), advisor.password);
    expect(setUp.name).toBe(advisor.name);
    advisor.secret = setUp.secret;
    await signIn(page, advisor);
  });

  await test.step("the advisor changes their password: a weak one is refused with zxcvbn's feedback", async () => {
    await press(page, page.getByRole('link', { name: 'Change password' }));
    await expect(
      page.getByRole('heading', { name: 'Change your password', level: 1 }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'back office: change password');
    const fill = async (newPassword: string) => {
      await typeInto(page, page.getByLabel('Current password'), advisor.password);
      await typeInto(page, page.getByLabel('New password', { exact: true }), newPassword);
      await typeInto(page, page.getByLabel('Confirm the new password'), newPassword);
      await typeInto(page, page.getByLabel('Security code'), await freshCode(advisor.secret));
      await press(page, page.getByRole('button', { name: 'Change password' }));
    };
    await fill('password1234');
    const summary = page.locator('.error-banner').first();
    await expect(summary).toContainText('This password is too easy to guess.');
    await expect(summary).toContainText('commonly used password');
    await expectNoAxeViolations(page, 'back office: weak password refused');
    for (const label of [
      'Current password',
      'New password',
      'Confirm the new password',
      'Security code',
    ])
      await page.getByLabel(label, { exact: true }).fill('');
    const strong = 'amber quartz ferry lantern advisor';
    await fill(strong);
    await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();
    advisor.password = strong;
  });

  await test.step('the admin disables the advisor: the open session ends; re-enabled, the advisor signs in again', async () => {
    const adminPage = await secondBrowser(browser);
    try {
      await signIn(adminPage, admin);
      await press(adminPage, adminPage.getByRole('link', { name: 'Staff accounts' }));
      const row = adminPage.getByRole('row').filter({ hasText: advisor.email });
      await expect(row).toContainText('Active');
      await press(adminPage, row.getByRole('button', { name: `Disable ${advisor.name}` }));
      await expect(adminPage.getByRole('status')).toContainText(
        `${advisor.name}'s account is disabled`,
      );
      await expect(row).toContainText('Disabled');
      await expectNoAxeViolations(adminPage, 'back office: staff account disabled');

      // The advisor's next call answers 401: back to the sign-in form.
      await press(page, page.getByRole('link', { name: 'Claims queue' }));
      await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();

      await press(adminPage, row.getByRole('button', { name: `Enable ${advisor.name}` }));
      await expect(adminPage.getByRole('status')).toContainText(
        `${advisor.name}'s account is enabled`,
      );
      await expect(row).toContainText('Active');
    } finally {
      await adminPage.context().close();
    }
    await signIn(page, advisor);
  });

  await test.step('the advisor finds the submitted claim in the queue and opens its images', async () => {
    await page.goto('/staff/claims');
    await expect(page.getByRole('heading', { name: 'Claims queue', level: 1 })).toBeVisible();
    await press(page, page.getByText('More filters'));
    await chooseOption(page, page.getByLabel('Step'), 'Submitted');
    await typeInto(
      page,
      page.getByLabel('Reference, e-mail, name, postcode, phone or ticket number'),
      claimantEmail,
    );
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: claim.hashid });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Submitted');
    await expectNoAxeViolations(page, 'back office: claims queue');

    await press(page, row.getByRole('link'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(claim.hashid);
    await expect(page.getByRole('main')).toContainText('Rhys Ap-Gwilym');
    // The ticket's images show with its details at once (issue 32).
    const images = page.locator('.staff-images__image');
    await expect(images).toHaveCount(2);
    await expect
      .poll(() =>
        images.evaluateAll((all) =>
          all.every((image) => image instanceof HTMLImageElement && image.naturalWidth > 0),
        ),
      )
      .toBe(true);
    await expectNoAxeViolations(page, 'back office: claim page with its images');
  });

  let ticketCode = '';
  await test.step('reviewed, then the ticket requested: the e-mail carries the code', async () => {
    await moveTo(page, 'Mark as reviewed', /marked as reviewed/, 'Reviewed');
    await moveTo(page, 'Request the ticket', /ticket is requested/, 'Ticket requested', true);
    // A Scratchcard claim: the e-mail names what the claimant holds (issue 31).
    const mail = await waitForMail(claimantEmail, /^Please post your Scratchcard - claim /);
    expect(mail.subject).toContain(claim.hashid);
    ticketCode = TICKET_CODE.exec(mail.text ?? '')?.[0] ?? '';
    expect(ticketCode, `a ticket code in the e-mail:\n${mail.text}`).toMatch(TICKET_CODE);
    // The QR code attached to the e-mail, decoded as a scanner would, holds exactly the code.
    expect(await decodeQr(await attachmentOf(mail, 'image/png'))).toBe(ticketCode);
    await expect(page.getByRole('main')).toContainText(ticketCode);
  });

  await test.step('the code typed on the ticket-received screen finds the claim, marked received there', async () => {
    await press(page, page.getByRole('link', { name: 'Ticket received' }));
    await expect(page.getByRole('heading', { name: 'Ticket received', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'back office: ticket received');
    // A USB scanner types the code and Enter into the focused field.
    await page.keyboard.type(ticketCode.toLowerCase());
    await page.keyboard.press('Enter');
    const found = page.getByRole('region', { name: `Claim ${claim.hashid}` });
    await expect(found).toContainText('Ticket requested');
    await press(page, found.getByRole('button', { name: 'Mark ticket received' }));
    await expect(
      page.getByRole('status').filter({ hasText: 'is marked as received' }),
    ).toBeVisible();
  });

  await test.step('payment details requested, paid', async () => {
    await page.goto(`/staff/claims/${claim.hashid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ticket received');
    await moveTo(
      page,
      'Request payment details',
      /Payment details are requested/,
      'Payment details requested',
      true,
    );
    await moveTo(page, 'Mark as paid', /marked as paid/, 'Paid', true);
    await expect(page.getByRole('heading', { name: 'Next step' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'back office: paid claim');
  });

  await test.step("the timeline lists every step with the advisor's name", async () => {
    await page.reload();
    const timeline = page.getByRole('table', { name: /Timeline/ });
    const steps = timeline.getByRole('row').filter({ hasText: 'Step changed' });
    await expect(steps).toHaveCount(5);
    for (const row of await steps.all()) await expect(row).toContainText(advisor.name);
    const text = await steps.allInnerTexts();
    for (const step of [
      /review/i,
      /ticket.requested/i,
      /ticket.received/i,
      /payment.details/i,
      /paid/i,
    ])
      expect(text.join('\n')).toMatch(step);
    await expect(
      timeline.getByRole('row').filter({ hasText: 'Image viewed' }).first(),
    ).toContainText(advisor.name);
  });

  await test.step("the claimant's link shows the five steps done, without a verify call", async () => {
    const verifyCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/verify')) verifyCalls.push(request.url());
    });
    await page.goto(claim.link);
    await expect(
      page.getByRole('heading', { name: "Your claim's progress", level: 1 }),
    ).toBeVisible();
    expect(
      verifyCalls,
      "a submitted claim's link makes no verify call (it could only answer 409)",
    ).toEqual([]);
    const steps = page.getByRole('listitem').filter({ has: page.locator('strong') });
    await expect(steps.nth(4)).toContainText('Payment');
    await expect(steps.nth(4)).toContainText('Completed');
    await expect(page.getByText('Completed', { exact: true })).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'start a new claim' })).toBeVisible();
    await expectNoAxeViolations(page, 'claimant: progress of a paid claim');
  });
});
