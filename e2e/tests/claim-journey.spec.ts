import {
  operatorClaim,
  randomDigits,
  randomSerial,
  submittedScratchcardClaim,
} from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  completeAboutTicket,
  completeClaimDetails,
  completeIdDocuments,
  completePersonalDetails,
  completeTicketImages,
  fillAboutTicket,
  openClaim,
  section,
  startClaim,
  submitClaim,
  uploadImage,
} from '../support/claim-form.ts';
import { image, imageFileName, stack, uniqueEmail } from '../support/env.ts';
import { waitForMail } from '../support/mail.ts';
import { expect, test } from '../support/fixtures.ts';

const DOWNING_STREET = { lookup: 'SW1A 2AA', container: /SW1A 2AA/, pick: /10 Downing Street/ };

test('pink draw ticket, the owner at a looked-up address: no ID documents', async ({ page }) => {
  const email = uniqueEmail('pink');
  const link = await startClaim(page, email, { checkStates: true });
  await openClaim(page, link);

  // Next on an empty section: every field's first error and the focused banner.
  await page.getByRole('button', { name: 'Next' }).click();
  const banner = page.getByText(/We couldn't process \d+ of your entries\./);
  await expect(banner).toBeVisible();
  await expect(page.getByText('Check the fields highlighted below.')).toBeVisible();
  // The banner links to each field; the field shows its own first error.
  await expect(page.getByRole('link', { name: 'Please enter a valid first name' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription(
    /Please enter a valid first name/,
  );
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.error-banner')))).toBe(
    true,
  );
  await expectNoAxeViolations(page, 'pink: personal details errors');

  await completePersonalDetails(page, { address: DOWNING_STREET }, { axeLabel: 'pink' });
  await expect(banner).toBeHidden();
  await expectNoAxeViolations(page, 'pink: personal details collapsed');
  // The identity check found the delivery point: no ID documents section, claim details is number 2.
  await expect(page.getByRole('heading', { name: /Upload ID documents/ })).toHaveCount(0);
  await expect(section(page, /Claim details/).getByRole('heading')).toContainText('2');

  await completeClaimDetails(page);
  const serial = randomSerial();
  const about = await fillAboutTicket(page, {
    kind: 'pink',
    serial,
    term: '40123456',
    amount: '1750.5',
  });
  await about.getByRole('button', { name: /Where is the serial number/ }).click();
  const help = page.getByRole('dialog');
  await expect(help).toBeVisible();
  await expectNoAxeViolations(page, 'pink: help modal');
  await help.getByRole('button', { name: 'Next picture' }).click();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
  await expectNoAxeViolations(page, 'pink: about your ticket filled');
  await about.getByRole('button', { name: 'Next' }).click();

  await completeTicketImages(page, 'pink', { axeLabel: 'pink' });
  const reference = await submitClaim(page, { axeLabel: 'pink' });

  await waitForMail(email, new RegExp(`claim ${reference} has been submitted`));
  const claim = await operatorClaim(reference);
  expect(claim).toMatchObject({
    status: 'submitted',
    email,
    idDocsRequired: false,
    personalDetails: {
      isOwner: true,
      title: 'Ms',
      firstName: 'Siân',
      lastName: "O'Neill-Smith",
      dateOfBirth: '1980-04-12',
      postCode: 'SW1A 2AA',
      dpsCode: '1A',
    },
    ticketDetails: {
      productType: 'DBG',
      dbgGame: 'Lotto',
      dbgTicketType: 'PINK',
      dbgTicketNumber: serial,
      dbgTermNumber: '40123456',
      prizeAmountPence: 175050,
    },
    claimDetails: {
      isTicketInPossession: true,
      isTicketDamaged: false,
      isLotteryRetailer: false,
      isChequePreferred: false,
    },
  });
  expect(claim.files.map((file) => file.type).sort()).toEqual(['ticketBack', 'ticketFront']);
});

test('white draw ticket, a typed-in address: ID documents; a section reopened and edited', async ({
  page,
}) => {
  const email = uniqueEmail('white');
  await openClaim(page, await startClaim(page, email), { axe: false });
  await completePersonalDetails(page, {
    title: 'Dr',
    firstName: 'Amara',
    lastName: 'Okafor',
    address: {
      manual: {
        line1: '221B Baker Street',
        town: 'London',
        county: 'Greater London',
        postCode: 'NW1 6XE',
      },
    },
  });
  // No delivery point for a typed-in address: the ID documents section comes right after.
  await expect(section(page, /Upload ID documents/).getByRole('heading')).toContainText('2');
  await expectNoAxeViolations(page, 'white: ID documents section');
  await completeIdDocuments(page, { axeLabel: 'white' });
  await completeClaimDetails(page);
  const serial = randomSerial();
  const retailer = randomDigits(6);
  await completeAboutTicket(page, {
    kind: 'white',
    game: 'EuroMillions',
    serial,
    retailer,
    amount: '2500',
  });
  await completeTicketImages(page, 'white', { axeLabel: 'white' });

  // Reopen 'About your ticket': its button reads Save; the change shows in the summary.
  const about = section(page, /About your ticket/);
  await expect(about).toContainText('£2,500.00');
  await page.getByRole('button', { name: 'Edit about your ticket' }).click();
  await expect(about.getByLabel('How much did you win?')).toBeVisible();
  await expectNoAxeViolations(page, 'white: about your ticket reopened');
  await about.getByLabel('How much did you win?').fill('3000.25');
  await about.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit about your ticket' })).toBeVisible();
  await expect(about).toContainText('£3,000.25');
  // The summary of the uploaded documents lists each file with Remove.
  await expect(section(page, /Upload ID documents/)).toContainText(imageFileName('idDocument1'));

  const reference = await submitClaim(page, { axeLabel: 'white' });
  const claim = await operatorClaim(reference);
  expect(claim).toMatchObject({
    idDocsRequired: true,
    personalDetails: {
      isOwner: true,
      title: 'Dr',
      addressLine1: '221B Baker Street',
      town: 'London',
      county: 'Greater London',
      postCode: 'NW1 6XE',
    },
    ticketDetails: {
      productType: 'DBG',
      dbgGame: 'EuroMillions',
      dbgTicketType: 'WHITE',
      dbgTicketNumber: serial,
      dbgRetailerNumber: retailer,
      prizeAmountPence: 300025,
    },
  });
  expect(claim.personalDetails.dpsCode ?? '').toBe('');
  expect(claim.files.map((file) => file.originalName).sort()).toEqual(
    [
      imageFileName('idDocument2'),
      imageFileName('idDocument1'),
      imageFileName('ticketFront'),
    ].sort(),
  );
});

test('Scratchcard, not the owner: ID documents, cheque payment', async ({ page }) => {
  const email = uniqueEmail('scratchcard');
  await openClaim(page, await startClaim(page, email), { axe: false });
  await completePersonalDetails(page, {
    owner: false,
    title: 'Mr',
    firstName: 'Tomasz',
    lastName: 'Nowak',
    address: { lookup: '10 Downing Street', pick: /10 Downing Street/ },
  });
  await completeIdDocuments(page);
  await completeClaimDetails(page, { damaged: true });
  const barcode = `${randomDigits(4)}-${randomDigits(7)}-${randomDigits(3)}`;
  const about = await fillAboutTicket(page, {
    kind: 'scratchcard',
    barcode,
    serial: '123456789',
    virn: '0421',
    amount: '1000',
  });
  await expectNoAxeViolations(page, 'scratchcard: about your ticket');
  await about.getByRole('button', { name: 'Next' }).click();
  await completeTicketImages(page, 'scratchcard', { axeLabel: 'scratchcard' });
  const reference = await submitClaim(page, { cheque: true, axeLabel: 'scratchcard' });
  const claim = await operatorClaim(reference);
  expect(claim).toMatchObject({
    idDocsRequired: true,
    personalDetails: { isOwner: false, firstName: 'Tomasz', postCode: 'SW1A 2AA', dpsCode: '1A' },
    claimDetails: { isTicketDamaged: true, isChequePreferred: true },
    ticketDetails: {
      productType: 'SC',
      scBarcodeNumber: barcode,
      scSerialNumber: '123456789',
      scVirn: '0421',
      prizeAmountPence: 100000,
    },
  });
  expect(claim.files.map((file) => file.type).sort()).toEqual([
    'idDocument1',
    'idDocument2',
    'ticketBack',
    'ticketFront',
  ]);
});

test("'not sure' of the ticket type: finish leads to the unable-to-process page", async ({
  page,
}) => {
  await openClaim(page, await startClaim(page, uniqueEmail('unsure')), { axe: false });
  await completePersonalDetails(page, { address: DOWNING_STREET });
  await completeClaimDetails(page);
  const about = section(page, /About your ticket/);
  await about.getByRole('radio', { name: 'Draw based game ticket' }).check();
  await about.getByLabel('Which game?').selectOption('EuroMillions');
  await about.getByRole('radio', { name: 'Not sure' }).check();
  await expect(
    about.getByText(/If you are not sure which type of ticket you have, please call Customer Care/),
  ).toBeVisible();
  await expect(about.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'not sure: ticket type');
  await about.getByRole('button', { name: 'Finish' }).click();
  await expect(
    page.getByRole('heading', { name: 'We are unable to process your claim online' }),
  ).toBeVisible();
  // The Customer Care number comes from the server's configuration (CUSTOMER_CARE_PHONE).
  await expect(
    page.getByRole('main').getByRole('link', { name: stack().customerCarePhone }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'not sure: unable to process');
});

test('a ticket not in the claimant’s possession cannot be claimed', async ({ page }) => {
  await openClaim(page, await startClaim(page, uniqueEmail('lost')), { axe: false });
  await completePersonalDetails(page, { address: DOWNING_STREET });
  const details = section(page, /Claim details/);
  await details
    .getByRole('group', { name: /in your possession/ })
    .getByLabel('No')
    .check();
  const message = details.getByText(
    /As you do not have the ticket in your possession, we will not be able to proceed with your claim\./,
  );
  await expect(message).toBeVisible();
  await expect(details.getByRole('link', { name: /Lost your ticket/ })).toBeVisible();
  await expectNoAxeViolations(page, 'not in possession');
  await details
    .getByRole('group', { name: /damaged/ })
    .getByLabel('No')
    .check();
  await details
    .getByRole('group', { name: /work for/ })
    .getByLabel('No')
    .check();
  await details.getByRole('button', { name: 'Next' }).click();
  // The section stays open and the next one locked.
  await expect(page.getByRole('button', { name: 'Edit claim details' })).toHaveCount(0);
  await expect(section(page, /About your ticket/).getByRole('radio')).toHaveCount(0);
  await expectNoAxeViolations(page, 'not in possession: Next pressed');
  await details
    .getByRole('group', { name: /in your possession/ })
    .getByLabel('Yes')
    .check();
  await expect(message).toBeHidden();
  await details.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Edit claim details' })).toBeVisible();
});

test('an upload over MAX_FILE_SIZE fails with "File is too large" and can be retried', async ({
  page,
}) => {
  await openClaim(page, await startClaim(page, uniqueEmail('upload')), { axe: false });
  await completePersonalDetails(page, {
    address: { manual: { line1: 'Flat 2, 11 Athol Street', town: 'Douglas', postCode: 'IM1 1JE' } },
  });
  const ids = section(page, /Upload ID documents/);
  const first = ids.getByLabel('First ID document', { exact: true });
  await first.setInputFiles(image('tooLarge'));
  await expect(ids.getByText('File is too large')).toBeVisible();
  // The file was cleared: the upload box is empty again, marked invalid.
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'upload failed');
  await uploadImage(ids, 'First ID document', 'idDocument1');
  await expect(ids.getByText('File is too large')).toBeHidden();
  await uploadImage(ids, 'Second ID document', 'idDocument2');
  await ids.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Edit upload ID documents' })).toBeVisible();
});

test('an already-submitted claim link shows where the claim is and offers to start a new claim', async ({
  page,
}) => {
  const { link, hashid } = await submittedScratchcardClaim(uniqueEmail('resubmit'));
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: "Your claim's progress", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('This claim has already been submitted.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(hashid);
  // Issue 24: nothing done yet, so the first of the five steps is the one in progress.
  const current = page.locator('[aria-current="step"]');
  await expect(current).toContainText('Claim reviewed');
  await expect(current).toContainText('In progress');
  await expect(page.getByText('Not started', { exact: true })).toHaveCount(4);
  await expectNoAxeViolations(page, 'already submitted');
  await page.getByRole('button', { name: 'start a new claim' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Start your claim' })).toBeVisible();
});
