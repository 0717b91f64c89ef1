import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { image, imageFileName, type ImageName } from './env.ts';
import { verificationLink } from './mail.ts';

/**
 * Page helpers for the claim journey, named by what the claimant sees (the accessible names of
 * client/e2e-mock). Each takes a `scope` so the info-request page can reuse the section ones.
 */

/** The start page: sends the e-mail and returns the verification link MailDev caught. */
export async function startClaim(
  page: Page,
  email: string,
  { checkStates = false } = {},
): Promise<string> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Start your claim' })).toBeVisible();
  if (checkStates) {
    await expect(page.getByText(/cleared after 20 minutes/)).toBeVisible();
    await expectNoAxeViolations(page, 'start page');
    await page.getByRole('button', { name: 'verify email' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expectNoAxeViolations(page, 'start page: invalid e-mail');
  }
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'verify email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Re-enter email address' })).toBeVisible();
  if (checkStates) await expectNoAxeViolations(page, 'start page: link sent');
  return verificationLink(email);
}

/** Follows the verification link; the claim form shows once the token is verified. */
export async function openClaim(page: Page, link: string, { axe = true } = {}): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Claim your prize', level: 1 })).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'claim form');
}

export const section = (scope: Page | Locator, title: string | RegExp): Locator =>
  scope.getByRole('region', { name: title });

export type AddressAnswer =
  | { lookup: string; container?: RegExp; pick: RegExp }
  | { manual: { line1: string; line2?: string; town: string; county?: string; postCode: string } }
  | 'overseas';

export interface PersonalAnswers {
  owner?: boolean;
  title?: string;
  firstName?: string;
  lastName?: string;
  day?: string;
  month?: string;
  year?: string;
  phone?: string;
  address: AddressAnswer;
}

/** The address lookup against the real local index: search, drill into a container, pick. */
export async function lookUpAddress(
  page: Page,
  scope: Page | Locator,
  answer: { lookup: string; container?: RegExp; pick: RegExp },
  axeLabel?: string,
): Promise<void> {
  await scope.getByLabel('Find your address').fill(answer.lookup);
  const results = scope.getByRole('list', { name: 'Addresses found' });
  if (answer.container) {
    await results.getByRole('button', { name: answer.container }).click();
    await expect(scope.getByText('Addresses in')).toBeVisible();
  }
  const pick = results.getByRole('button', { name: answer.pick });
  await expect(pick).toBeVisible();
  if (axeLabel) await expectNoAxeViolations(page, `${axeLabel}: address results`);
  await pick.click();
  await expect(scope.getByRole('button', { name: 'Look up another address' })).toBeVisible();
}

/** Fills personal details and presses Next (or 'Live overseas, skip'). */
export async function completePersonalDetails(
  page: Page,
  answers: PersonalAnswers,
  { scope = page as Page | Locator, axeLabel = undefined as string | undefined } = {},
): Promise<void> {
  const owner = scope.getByRole('group', {
    name: 'Are you the owner of the ticket or Scratchcard?',
  });
  await owner.getByLabel(answers.owner === false ? 'No' : 'Yes').check();
  await scope.getByLabel('Title').selectOption(answers.title ?? 'Ms');
  await scope.getByLabel('First name').fill(answers.firstName ?? 'Siân');
  await scope.getByLabel('Last name').fill(answers.lastName ?? "O'Neill-Smith");
  await scope.getByLabel('Day').selectOption(answers.day ?? '12');
  await scope.getByLabel('Month').selectOption(answers.month ?? '4');
  await scope.getByLabel('Year').selectOption(answers.year ?? '1980');
  await scope.getByLabel('Phone number').fill(answers.phone ?? '07700 900123');
  const address = answers.address;
  if (address === 'overseas') {
    await scope.getByRole('button', { name: 'Live overseas, skip' }).click();
  } else {
    if ('lookup' in address) {
      await lookUpAddress(page, scope, address, axeLabel);
    } else {
      await scope.getByRole('button', { name: 'Enter your address manually' }).click();
      await scope.getByLabel('Address line 1').fill(address.manual.line1);
      if (address.manual.line2)
        await scope.getByLabel('Address line 2 (optional)').fill(address.manual.line2);
      await scope.getByLabel('Town or city').fill(address.manual.town);
      if (address.manual.county)
        await scope.getByLabel('County (optional)').fill(address.manual.county);
      await scope.getByLabel('Postcode').fill(address.manual.postCode);
    }
    if (axeLabel) await expectNoAxeViolations(page, `${axeLabel}: personal details filled`);
    await scope.getByRole('button', { name: 'Next' }).click();
  }
  await expect(scope.getByRole('button', { name: 'Edit personal details' })).toBeVisible();
}

/** Chooses a file in an upload box and waits until the server has it. */
export async function uploadImage(
  scope: Page | Locator,
  label: string,
  name: ImageName,
): Promise<void> {
  await scope.getByLabel(label, { exact: true }).setInputFiles(image(name));
  await expect(scope.getByRole('button', { name: `Remove ${imageFileName(name)}` })).toBeVisible();
}

export async function completeIdDocuments(
  page: Page,
  { axeLabel }: { axeLabel?: string } = {},
): Promise<void> {
  const ids = section(page, /Upload ID documents/);
  await expect(ids.getByRole('heading', { name: /Upload ID documents/ })).toBeVisible();
  if (axeLabel) {
    await ids.getByRole('button', { name: 'Acceptable ID documents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acceptable ID documents' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, `${axeLabel}: acceptable ID documents modal`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await uploadImage(ids, 'First ID document', 'idDocument1');
  await uploadImage(ids, 'Second ID document', 'idDocument2');
  if (axeLabel) await expectNoAxeViolations(page, `${axeLabel}: ID documents chosen`);
  await ids.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Edit upload ID documents' })).toBeVisible();
}

export async function completeClaimDetails(page: Page, { damaged = false } = {}): Promise<void> {
  const details = section(page, /Claim details/);
  await details
    .getByRole('group', { name: /in your possession/ })
    .getByLabel('Yes')
    .check();
  await details
    .getByRole('group', { name: /damaged/ })
    .getByLabel(damaged ? 'Yes' : 'No')
    .check();
  await details
    .getByRole('group', { name: /work for/ })
    .getByLabel('No')
    .check();
  await details.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Edit claim details' })).toBeVisible();
}

export type TicketAnswers =
  | { kind: 'pink'; game?: string; serial: string; term: string; amount: string }
  | { kind: 'white'; game?: string; serial: string; retailer: string; amount: string }
  | { kind: 'scratchcard'; barcode: string; serial: string; virn: string; amount: string };

export async function fillAboutTicket(page: Page, ticket: TicketAnswers): Promise<Locator> {
  const about = section(page, /About your ticket/);
  if (ticket.kind === 'scratchcard') {
    await about.getByRole('radio', { name: 'Scratchcard' }).check();
    await about.getByLabel('Barcode number').pressSequentially(ticket.barcode.replace(/-/g, ''));
    await expect(about.getByLabel('Barcode number')).toHaveValue(ticket.barcode);
    await about.getByLabel('Serial number').fill(ticket.serial);
    await about.getByLabel('VIRN number').fill(ticket.virn);
  } else {
    await about.getByRole('radio', { name: 'Draw based game ticket' }).check();
    await about.getByLabel('Which game?').selectOption(ticket.game ?? 'Lotto');
    await about.getByRole('radio', { name: ticket.kind === 'pink' ? 'Pink' : 'White' }).check();
    // Typed digit by digit: the input groups them and adds the hyphens itself.
    await about.getByLabel('Serial number').pressSequentially(ticket.serial.replace(/-/g, ''));
    await expect(about.getByLabel('Serial number')).toHaveValue(ticket.serial);
    if (ticket.kind === 'pink') await about.getByLabel('Term number').fill(ticket.term);
    else await about.getByLabel('Retailer number').fill(ticket.retailer);
  }
  await about.getByLabel('How much did you win?').fill(ticket.amount);
  return about;
}

export async function completeAboutTicket(page: Page, ticket: TicketAnswers): Promise<void> {
  const about = await fillAboutTicket(page, ticket);
  await about.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Edit about your ticket' })).toBeVisible();
}

/** Front (and back where the kind needs it), Next, then the signed-ticket question. */
export async function completeTicketImages(
  page: Page,
  kind: 'pink' | 'white' | 'scratchcard',
  { axeLabel }: { axeLabel?: string } = {},
): Promise<void> {
  const images = section(page, /Upload ticket or Scratchcard images/);
  const noun = kind === 'scratchcard' ? 'Scratchcard' : 'ticket';
  await uploadImage(
    images,
    `Front of your ${noun}`,
    kind === 'scratchcard' ? 'scFront' : 'ticketFront',
  );
  if (kind === 'white') await expect(images.getByLabel('Back of your ticket')).toHaveCount(0);
  else
    await uploadImage(
      images,
      `Back of your ${noun}`,
      kind === 'scratchcard' ? 'scBack' : 'ticketBack',
    );
  await images.getByRole('button', { name: 'Next' }).click();
  const signed = page.getByRole('dialog', { name: /Have you signed/ });
  await expect(signed).toBeVisible();
  // Spec: a pink ticket is signed on the back, a white one on the front, a Scratchcard on the back.
  await expect(signed).toContainText(kind === 'white' ? /front/ : /back/);
  if (axeLabel) await expectNoAxeViolations(page, `${axeLabel}: signed-ticket modal`);
  await signed.getByRole('button', { name: /Yes, I have signed it/ }).click();
  await expect(signed).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Edit upload ticket or Scratchcard images' }),
  ).toBeVisible();
}

/** Payment and submit; returns the reference number shown on the success page. */
export async function submitClaim(
  page: Page,
  { cheque = false, axeLabel }: { cheque?: boolean; axeLabel?: string } = {},
): Promise<string> {
  const payment = section(page, /Payment and submit/);
  if (cheque) await payment.getByLabel('I would prefer to be paid by cheque').check();
  if (axeLabel) await expectNoAxeViolations(page, `${axeLabel}: payment`);
  await payment.getByRole('button', { name: 'Submit claim' }).click();
  return expectSubmitted(page, axeLabel);
}

export async function expectSubmitted(page: Page, axeLabel?: string): Promise<string> {
  await expect(
    page.getByRole('heading', { name: 'Your claim has been submitted successfully.' }),
  ).toBeVisible();
  await expect(page.getByText(/We have sent a confirmation email to/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
  await expect(page.locator('.next-steps__item')).toHaveCount(5);
  const reference = (await page.locator('.reference__value').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^[A-Z0-9]{6,}$/);
  if (axeLabel) await expectNoAxeViolations(page, `${axeLabel}: submitted`);
  // Nothing the claimant typed stays in the browser's storage.
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  return reference;
}
