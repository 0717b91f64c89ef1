import { randomDigits, randomSerial } from '../support/api.ts';
import {
  completeAboutTicket,
  completeClaimDetails,
  completePersonalDetails,
  completeTicketImages,
  openClaim,
  section,
  startClaim,
  submitClaim,
  uploadImage,
} from '../support/claim-form.ts';
import { passDraftInactivity } from '../support/database.ts';
import { image, imageFileName, uniqueEmail } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

const DOWNING_STREET = { lookup: 'SW1A 2AA', container: /SW1A 2AA/, pick: /10 Downing Street/ };

/** A reload, as a dropped tab or a pull-to-refresh: the page asks first (the fixture leaves), then the form shows again. */
async function reloadForm(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Claim your prize', level: 1 })).toBeVisible();
  // The heading shows while the link is checked; the form follows it.
  await expect(page.getByRole('heading', { name: /Personal details/, level: 2 })).toBeVisible();
}

test('a reload in the middle of each section finds the completed sections again, and the claim then submits', async ({
  page,
  leaveWarnings,
}) => {
  const link = await startClaim(page, uniqueEmail('reload'));
  await openClaim(page, link, { axe: false });

  // Personal details half done: nothing of the open section was saved, and the page said so.
  await page.getByLabel('First name').fill('Siân');
  await reloadForm(page);
  expect(leaveWarnings.count).toBe(1);
  await expect(page.getByLabel('First name')).toHaveValue('');

  await completePersonalDetails(page, { address: DOWNING_STREET });
  await section(page, /Claim details/)
    .getByRole('group', { name: /in your possession/ })
    .getByLabel('Yes')
    .check();
  await reloadForm(page);
  await expect(page.getByRole('button', { name: 'Edit personal details' })).toBeVisible();
  await expect(section(page, /Personal details/)).toContainText('Siân');
  await expect(section(page, /Personal details/)).toContainText('10 Downing Street');
  await expect(
    section(page, /Claim details/)
      .getByRole('group', { name: /in your possession/ })
      .getByLabel('Yes'),
  ).not.toBeChecked();

  await completeClaimDetails(page);
  await section(page, /About your ticket/)
    .getByRole('radio', { name: 'Draw based game ticket' })
    .check();
  await reloadForm(page);
  await expect(page.getByRole('button', { name: 'Edit claim details' })).toBeVisible();
  await expect(
    section(page, /About your ticket/).getByRole('radio', { name: 'Draw based game ticket' }),
  ).not.toBeChecked();

  const serial = randomSerial();
  await completeAboutTicket(page, {
    kind: 'pink',
    serial,
    term: randomDigits(8),
    amount: '1250.00',
  });
  const images = section(page, /Upload ticket or Scratchcard images/);
  await uploadImage(images, 'Front of your ticket', 'ticketFront');
  await reloadForm(page);
  await expect(page.getByRole('button', { name: 'Edit about your ticket' })).toBeVisible();
  await expect(section(page, /About your ticket/)).toContainText(serial);

  await completeTicketImages(page, 'pink');
  await section(page, /Payment and submit/)
    .getByLabel('I would prefer to be paid by cheque')
    .check();
  await reloadForm(page);
  for (const name of [
    'personal details',
    'claim details',
    'about your ticket',
    'upload ticket or Scratchcard images',
  ]) {
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  }
  await expect(section(page, /Upload ticket or Scratchcard images/)).toContainText(
    imageFileName('ticketBack'),
  );
  expect(leaveWarnings.count).toBe(5);

  // The restored identity check and files are the ones the claim is submitted with.
  await submitClaim(page, { cheque: true });
});

test('a return after the inactivity minutes finds the form cleared', async ({ page }) => {
  const link = await startClaim(page, uniqueEmail('return'));
  await openClaim(page, link, { axe: false });
  await completePersonalDetails(page, { address: DOWNING_STREET });
  await completeClaimDetails(page);

  // Within the window, a new visit finds both sections.
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Edit claim details' })).toBeVisible();

  await passDraftInactivity(link);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Claim your prize', level: 1 })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});

test('a 20 MB photo and a PDF named .jpg are refused before any byte is sent; a real photo goes and shows a preview', async ({
  page,
}) => {
  await openClaim(page, await startClaim(page, uniqueEmail('precheck')), { axe: false });
  await completePersonalDetails(page, { address: DOWNING_STREET });
  await completeClaimDetails(page);
  await completeAboutTicket(page, {
    kind: 'white',
    serial: randomSerial(),
    retailer: randomDigits(6),
    amount: '800.00',
  });
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/file')) uploads.push(request.url());
  });
  const images = section(page, /Upload ticket or Scratchcard images/);
  const front = images.getByLabel('Front of your ticket', { exact: true });

  // By path, written once by the global setup: the browser reads the file itself.
  await front.setInputFiles(image('twentyMegabytes'));
  await expect(images.getByText('File is too large')).toBeVisible();
  await expect(front).toHaveAttribute('aria-invalid', 'true');

  await front.setInputFiles({
    name: 'scan.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.7\n% not a photo\n'),
  });
  await expect(images.getByText('Failed to upload file')).toBeVisible();
  expect(uploads).toEqual([]);

  await uploadImage(images, 'Front of your ticket', 'ticketFront');
  await expect(images.locator('img.file-upload__preview')).toBeVisible();
  expect(uploads).toHaveLength(1);
});
