// Smoke run of every screen against `make mock`: screenshots in $SHOTS_DIR and axe on each
// state. Not the end-to-end suite (that runs against the real server).
//   node client/e2e-mock/smoke.mjs
import { axe, BASE, launch, onFailureShow, png, shot, TOKEN, upload } from './browser.mjs';

const widths = (process.env.WIDTHS ?? '1024').split(',').map(Number);

let violations = 0;
const failures = [];
const browser = await launch();

async function newPage(width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  onFailureShow(page, `smoke-${width}`);
  page.on('pageerror', (error) => failures.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Failed calls are staged on purpose; any other console error is a failure.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      failures.push(`console: ${message.text()}`);
  });
  return { context, page };
}

async function check(page, name, width) {
  await page.waitForTimeout(350);
  await shot(page, `${name}-${width}`);
  violations += await axe(page, `${name} @${width}`);
}

function expectText(condition, what) {
  if (!condition) failures.push(`expected ${what}`);
}

async function fillPersonalDetails(page) {
  await page
    .getByRole('group', { name: 'Are you the owner of the ticket or Scratchcard?' })
    .getByLabel('Yes')
    .check();
  await page.getByLabel('Title').selectOption('Ms');
  await page.getByLabel('First name').fill('Sarah');
  await page.getByLabel('Last name').fill("O'Neill");
  await page.getByLabel('Day').selectOption('5');
  await page.getByLabel('Month').selectOption('3');
  await page.getByLabel('Year').selectOption('1980');
  await page.getByLabel('Phone number').fill('07700 900123');
}

for (const width of widths) {
  // Start page: before, inline validation, success, failure.
  {
    const { context, page } = await newPage(width);
    await page.goto(`${BASE}/`);
    await page.getByRole('heading', { name: 'Start your claim' }).waitFor();
    await check(page, 'start', width);
    await page.getByRole('button', { name: 'verify email' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await check(page, 'start-invalid', width);
    await page.getByLabel('Email address').fill('sarah.oneill@example.co.uk');
    await page.getByRole('button', { name: 'verify email' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await check(page, 'start-sent', width);
    await page.getByRole('button', { name: 'Re-enter email address' }).click();
    await page.route('**/api/v1/claim', (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, message: '', error: 'Internal Server Error' },
      }),
    );
    await page.getByLabel('Email address').fill('sarah.oneill@example.co.uk');
    await page.getByRole('button', { name: 'verify email' }).click();
    await page.getByRole('heading', { name: 'There were errors. Please try again.' }).waitFor();
    await check(page, 'start-failed', width);
    await page.unroute('**/api/v1/claim');
    await page.route('**/api/v1/claim', (route) =>
      route.fulfill({ status: 429, json: { statusCode: 429, message: 'Too many requests' } }),
    );
    await page.getByRole('button', { name: 'enter email' }).click();
    await page.getByLabel('Email address').fill('sarah.oneill@example.co.uk');
    await page.getByRole('button', { name: 'verify email' }).click();
    await page.getByRole('heading', { name: 'Failed to start claim.' }).waitFor();
    await page.getByText("You've performed too many actions").waitFor();
    await check(page, 'start-failed-rate-limited', width);
    await context.close();
  }

  // Claim page load failures.
  for (const [name, status, message] of [
    ['claim-already-submitted', 409, 'This claim has already been submitted.'],
    ['claim-not-found', 404, 'This claim link is not valid.'],
  ]) {
    const { context, page } = await newPage(width);
    await page.route('**/verify', (route) =>
      route.fulfill({ status, json: { statusCode: status, message } }),
    );
    // Without the claim's progress, a submitted claim's link falls back to the message.
    await page.route('**/progress', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto(`${BASE}/claim/${TOKEN}`);
    await page.getByRole('heading', { name: message }).waitFor();
    await page
      .getByRole('button', { name: status === 409 ? 'start a new claim' : 'enter email' })
      .waitFor();
    await check(page, name, width);
    await context.close();
  }

  // A submitted claim's link with its progress (the mock's example): the five steps.
  {
    const { context, page } = await newPage(width);
    await page.route('**/verify', (route) =>
      route.fulfill({
        status: 409,
        json: { statusCode: 409, message: 'This claim has already been submitted.' },
      }),
    );
    await page.goto(`${BASE}/claim/${TOKEN}`);
    await page.getByRole('heading', { name: "Your claim's progress" }).waitFor();
    expectText(
      (await page.getByText('In progress', { exact: true }).count()) <= 1,
      'at most one step in progress',
    );
    await check(page, 'claim-progress', width);
    await context.close();
  }

  // The whole journey: a pink draw ticket with ID documents.
  {
    const { context, page } = await newPage(width);
    await page.route('**/identity', (route) =>
      route.continue({
        headers: { ...route.request().headers(), prefer: 'example=idDocsRequired' },
      }),
    );
    // The claim link opens the mock's default draft: nothing saved, section 1 open.
    await page.goto(`${BASE}/claim/${TOKEN}`);
    await page.getByRole('heading', { name: 'Claim your prize' }).waitFor();
    await page.getByLabel('First name').waitFor();
    expectText((await page.getByLabel('First name').inputValue()) === '', 'section 1 empty');
    // Five sections until the identity check asks for ID documents: 2 to 5 wait on section 1.
    expectText(
      (await page.getByText('(complete the sections above first)').count()) === 4,
      'sections 2 to 5 waiting on section 1',
    );
    await check(page, 'claim-form', width);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/We couldn't process \d+ of your entries\./).waitFor();
    expectText(
      await page.evaluate(() => document.activeElement?.classList.contains('error-banner')),
      'the banner to take focus',
    );
    await check(page, 'claim-personal-errors', width);

    await fillPersonalDetails(page);
    await page.getByLabel('Find your address').fill('14 elm grove');
    await page.getByRole('button', { name: /Bristol/ }).waitFor();
    await check(page, 'claim-address-results', width);
    await page.getByRole('button', { name: /Bristol/ }).click();
    await page.getByText('Addresses in').waitFor();
    await page
      .getByRole('button', { name: /14 Elm Grove/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Look up another address' }).waitFor();
    await check(page, 'claim-address-selected', width);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: /Upload ID documents/ }).waitFor();
    await page.getByRole('button', { name: 'Acceptable ID documents' }).click();
    await page.getByRole('dialog', { name: 'Acceptable ID documents' }).waitFor();
    await check(page, 'claim-id-documents-modal', width);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await upload(page, 'First ID document', 'passport.png');
    await page.route('**/file', (route) =>
      route.fulfill({ status: 413, json: { statusCode: 413, message: 'File is too large' } }),
    );
    await page.getByLabel('Second ID document').setInputFiles(png('huge.png'));
    await page.getByText('File is too large').first().waitFor();
    await check(page, 'claim-upload-failed', width);
    await page.unroute('**/file');
    await upload(page, 'Second ID document', 'bill.png');
    await page.getByRole('button', { name: 'Next' }).click();

    await page
      .getByRole('group', { name: /in your possession/ })
      .getByLabel('No')
      .check();
    await page.getByText('As you do not have the ticket in your possession').waitFor();
    await check(page, 'claim-not-in-possession', width);
    await page
      .getByRole('group', { name: /in your possession/ })
      .getByLabel('Yes')
      .check();
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('No')
      .check();
    await page
      .getByRole('group', { name: /work for/ })
      .getByLabel('No')
      .check();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Draw based game ticket').check();
    await page.getByLabel('Which game?').selectOption('Lotto');
    await page.getByLabel('Pink').check();
    await page.getByLabel('Serial number').pressSequentially('1234567890123456789');
    expectText(
      (await page.getByLabel('Serial number').inputValue()) === '1234-567890123-456789',
      'the serial number grouped',
    );
    await page.getByLabel('Term number').fill('40123456');
    await page.getByLabel('How much did you win?').fill('1750.5');
    await page.getByRole('button', { name: 'Where is the serial number?' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'claim-help-modal', width);
    await page.getByRole('button', { name: 'Next picture' }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    await check(page, 'claim-about-ticket', width);
    await page.getByRole('button', { name: 'Next' }).click();

    await upload(page, 'Front of your ticket', 'front.png');
    await upload(page, 'Back of your ticket', 'back.png');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: /^Have you signed your/ }).waitFor();
    await check(page, 'claim-signed-modal', width);
    await page.getByRole('button', { name: 'Yes, I have signed it' }).click();

    await page.getByLabel('I would prefer to be paid by cheque').waitFor();
    await check(page, 'claim-payment', width);
    await page.getByRole('button', { name: 'Edit about your ticket' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Submit claim' }).click();
    await page
      .getByRole('heading', { name: 'Your claim has been submitted successfully.' })
      .waitFor();
    await check(page, 'claim-submitted', width);
    const stored = await page.evaluate(() => localStorage.length + sessionStorage.length);
    expectText(stored === 0, 'nothing in browser storage');
    await context.close();
  }

  // Server field errors reopen their sections; 'not sure' ends with the unable-to-process state.
  {
    const { context, page } = await newPage(width);
    await page.goto(`${BASE}/claim/${TOKEN}`);
    await page.getByRole('heading', { name: 'Claim your prize' }).waitFor();
    await fillPersonalDetails(page);
    await page.getByRole('button', { name: 'Enter your address manually' }).click();
    await page.getByLabel('Address line 1').fill('Flat 2');
    await page.getByLabel('Town or city').fill('Douglas');
    await page.getByLabel('Postcode').fill('IM1 1JE');
    await page.route('**/identity', (route) =>
      route.fulfill({
        status: 400,
        json: {
          statusCode: 400,
          error: 'Bad Request',
          message: [
            {
              property: 'postCode',
              constraints: { pattern: 'Please enter a valid postcode' },
              children: [],
            },
          ],
        },
      }),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText("We couldn't process 1 of your entries.").waitFor();
    await check(page, 'claim-server-field-error', width);
    await page.unroute('**/identity');
    await page.getByLabel('Postcode').fill('IM1 1JF');
    await page.getByRole('button', { name: 'Live overseas, skip' }).click();
    await page.getByRole('button', { name: 'Edit personal details' }).waitFor();
    await page
      .getByRole('group', { name: /in your possession/ })
      .getByLabel('Yes')
      .check();
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('Yes')
      .check();
    await page
      .getByRole('group', { name: /work for/ })
      .getByLabel('No')
      .check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Draw based game ticket').check();
    await page.getByLabel('Which game?').selectOption('EuroMillions');
    await page.getByLabel('Not sure').check();
    await check(page, 'claim-not-sure', width);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page
      .getByRole('heading', { name: 'We are unable to process your claim online' })
      .waitFor();
    await check(page, 'claim-unable-to-process', width);
    await context.close();
  }

  // A Scratchcard, where the submit answers with errors for two earlier sections.
  {
    const { context, page } = await newPage(width);
    await page.goto(`${BASE}/claim/${TOKEN}`);
    await page.getByRole('heading', { name: 'Claim your prize' }).waitFor();
    await fillPersonalDetails(page);
    await page.getByRole('button', { name: 'Live overseas, skip' }).click();
    await page
      .getByRole('group', { name: /in your possession/ })
      .getByLabel('Yes')
      .check();
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('Yes')
      .check();
    await page
      .getByRole('group', { name: /work for/ })
      .getByLabel('No')
      .check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Scratchcard' }).check();
    await page.getByLabel('Barcode number').pressSequentially('01234567890123');
    await page.getByLabel('Serial number').fill('123456789');
    await page.getByLabel('VIRN number').fill('0421');
    await page.getByLabel('How much did you win?').fill('1000');
    await page.getByRole('button', { name: 'Next' }).click();
    await upload(page, 'Front of your Scratchcard', 'front.png');
    await upload(page, 'Back of your Scratchcard', 'back.png');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Yes, I have signed it' }).click();
    await page.route('**/api/v1/claim/*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              statusCode: 400,
              error: 'Bad Request',
              message: [
                {
                  property: 'scVirn',
                  constraints: { pattern: 'Please enter a valid VIRN number' },
                  children: [],
                },
                {
                  property: 'isTicketDamaged',
                  constraints: { type: 'Please select one' },
                  children: [],
                },
              ],
            },
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Submit claim' }).click();
    await page.getByText("We couldn't process 2 of your entries.").waitFor();
    await check(page, 'claim-submit-server-errors', width);
    await context.close();
  }

  // Inactivity: the warning two minutes before, then the cleared message.
  {
    const { context, page } = await newPage(width);
    await page.clock.install();
    await page.goto(`${BASE}/claim/${TOKEN}`);
    await page.getByRole('heading', { name: 'Claim your prize' }).waitFor();
    await page.getByLabel('First name').fill('Sarah');
    await page.clock.fastForward('18:01');
    await page.getByRole('alertdialog', { name: 'Do you need more time?' }).waitFor();
    await check(page, 'claim-inactivity-warning', width);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.clock.fastForward('19:00');
    expectText(await page.getByLabel('First name').isVisible(), 'the form to stay after Continue');
    await page.clock.fastForward('01:30');
    await page
      .getByRole('heading', {
        name: 'Your claim form was cleared as it was left unfinished for 20 minutes',
      })
      .waitFor();
    await check(page, 'claim-timed-out', width);
    await context.close();
  }
}

await browser.close();
console.log(`${violations} axe violation(s); ${failures.length} failure(s)`);
for (const failure of failures) console.log(`  ${failure}`);
process.exitCode = violations === 0 && failures.length === 0 ? 0 : 1;
