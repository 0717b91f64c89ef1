import { operatorClaim, requestInformation, submittedScratchcardClaim } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { completePersonalDetails, section, uploadImage } from '../support/claim-form.ts';
import { imageFileName, uniqueEmail } from '../support/env.ts';
import { waitForMail } from '../support/mail.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/*
 * Issue 6 point 3, against the contract (spec section 2 'Info-request page', section 4 'Info
 * request'): the page at /claim/info-request/{token} titled 'Amend or add further information'
 * shows the requested sections numbered in order, inserts ID documents after personal details
 * when the new identity check requires them, and its last section submits.
 */

const TITLE = 'Amend or add further information';
const SUCCESS = 'Your details have been submitted successfully.';
const DOWNING_STREET = { lookup: '10 Downing Street', pick: /10 Downing Street/ };

async function openInfoRequest(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
}

const numberOf = (page: Page, title: RegExp) => section(page, title).getByRole('heading').first();

/** Uploads both sides of the Scratchcard, presses the last section's submit button (and confirms the signature if asked). */
async function submitScratchcardImages(page: Page, label: string): Promise<void> {
  const images = section(page, /images/i);
  await uploadImage(images, 'Front of your Scratchcard', 'scFront');
  await uploadImage(images, 'Back of your Scratchcard', 'scBack');
  await expectNoAxeViolations(page, `${label}: images chosen`);
  await images.getByRole('button', { name: /submit/i }).click();
  const success = page.getByRole('heading', { name: SUCCESS });
  const signed = page.getByRole('dialog', { name: /Have you signed/ });
  await expect(success.or(signed)).toBeVisible();
  if (await signed.isVisible()) {
    await expectNoAxeViolations(page, `${label}: signed-Scratchcard modal`);
    await signed.getByRole('button', { name: /Yes, I have signed it/ }).click();
  }
  await expect(success).toBeVisible();
}

async function expectSuccessPage(page: Page, reference: string, label: string): Promise<void> {
  const main = page.getByRole('main');
  await expect(main).toContainText(/Winner Services/);
  await expect(main).toContainText(/keep your ticket|keep the ticket|keep your Scratchcard/i);
  await expect(main).toContainText(reference);
  await expectNoAxeViolations(page, `${label}: submitted`);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
}

test('info request for personal details and Scratchcard images: the operator sees the new submission', async ({
  page,
}) => {
  const email = uniqueEmail('amend');
  const { hashid } = await submittedScratchcardClaim(email);
  const link = await requestInformation(hashid, email, ['PERSONAL_DETAILS', 'SC_IMAGES']);

  await openInfoRequest(page, link);
  await expectNoAxeViolations(page, 'info request: form');
  await expect(numberOf(page, /Personal details/)).toContainText('1');
  await expect(numberOf(page, /images/i)).toContainText('2');
  await expect(page.getByRole('region', { name: /ID documents/ })).toHaveCount(0);

  // The owner at a delivery point: the new identity check needs no ID documents.
  await completePersonalDetails(
    page,
    { title: 'Mrs', firstName: 'Grace', lastName: 'Hopper-Jones', address: DOWNING_STREET },
    { axeLabel: 'info request' },
  );
  await expect(page.getByRole('region', { name: /ID documents/ })).toHaveCount(0);
  await submitScratchcardImages(page, 'info request');
  await expectSuccessPage(page, hashid, 'info request');

  await waitForMail(email, /We have received your information/);
  const claim = await operatorClaim(hashid);
  expect(claim.status).toBe('info_received');
  expect(claim.personalDetails).toMatchObject({
    title: 'Mrs',
    firstName: 'Grace',
    lastName: 'Hopper-Jones',
    postCode: 'SW1A 2AA',
  });
  const [request] = claim.infoRequests;
  expect(request?.sectionTypeList).toEqual(['PERSONAL_DETAILS', 'SC_IMAGES']);
  expect(request?.submittedAt).toBeTruthy();
  expect(request?.submission?.sectionTypeList).toEqual(
    expect.arrayContaining(['PERSONAL_DETAILS', 'SC_IMAGES']),
  );
  const newFiles = claim.files.filter(
    (file) =>
      file.uuid === request?.submission?.ticketFrontFileUuid ||
      file.uuid === request?.submission?.ticketBackFileUuid,
  );
  expect(newFiles.map((file) => file.originalName).sort()).toEqual(
    [imageFileName('scBack'), imageFileName('scFront')].sort(),
  );
  expect(claim.audit.map((entry) => entry.event)).toContain('info_request.submitted');

  // The link is used up: the load-failure state offers a new claim.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'This information has already been submitted.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'start a new claim' })).toBeVisible();
  await expectNoAxeViolations(page, 'info request: already submitted');
});

test('info request where the new identity check requires ID documents inserts that section', async ({
  page,
}) => {
  const email = uniqueEmail('amend-ids');
  const { hashid } = await submittedScratchcardClaim(email);
  const link = await requestInformation(hashid, email, ['PERSONAL_DETAILS', 'SC_IMAGES']);

  await openInfoRequest(page, link);
  await expect(page.getByRole('region', { name: /ID documents/ })).toHaveCount(0);
  // Not the owner: ID documents are now required, so the section appears right after personal details.
  await completePersonalDetails(page, {
    owner: false,
    title: 'Mr',
    firstName: 'Kwame',
    lastName: 'Mensah',
    address: DOWNING_STREET,
  });
  const ids = section(page, /Upload ID documents/);
  await expect(ids).toBeVisible();
  await expect(numberOf(page, /Upload ID documents/)).toContainText('2');
  await expect(numberOf(page, /images/i)).toContainText('3');
  await expectNoAxeViolations(page, 'info request: ID documents inserted');
  await uploadImage(ids, 'First ID document', 'idDocument1');
  await uploadImage(ids, 'Second ID document', 'idDocument2');
  await ids.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Edit upload ID documents' })).toBeVisible();
  await submitScratchcardImages(page, 'info request with ID documents');
  await expectSuccessPage(page, hashid, 'info request with ID documents');

  const claim = await operatorClaim(hashid);
  expect(claim.status).toBe('info_received');
  expect(claim.personalDetails).toMatchObject({ isOwner: false, firstName: 'Kwame' });
  const submission = claim.infoRequests[0]?.submission;
  expect(submission).toMatchObject({ idDocsRequired: true });
  expect(submission?.idDocument1FileUuid).toBeTruthy();
  expect(submission?.idDocument2FileUuid).toBeTruthy();
  const idFiles = claim.files.filter(
    (file) =>
      file.uuid === submission?.idDocument1FileUuid ||
      file.uuid === submission?.idDocument2FileUuid,
  );
  expect(idFiles.map((file) => file.originalName).sort()).toEqual(
    [imageFileName('idDocument1'), imageFileName('idDocument2')].sort(),
  );
});
