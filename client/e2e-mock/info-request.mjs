// Smoke run of the info-request page against `make mock`: screenshots in $SHOTS_DIR and axe on
// each state. Not the end-to-end suite (that runs against the real server).
//   node client/e2e-mock/info-request.mjs
import { axe, BASE, launch, onFailureShow, shot, upload } from './browser.mjs';

const INFO_TOKEN = 'Vb8kR2mQ7xLp4sTn9wYc3dHf6gJ1aEuZ';
const URL = `${BASE}/claim/info-request/${INFO_TOKEN}`;
const widths = (process.env.WIDTHS ?? '1024').split(',').map(Number);

let violations = 0;
const failures = [];
const browser = await launch();

async function newPage(width, request) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  onFailureShow(page, `info-request-${width}`);
  page.on('pageerror', (error) => failures.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      failures.push(`console: ${message.text()}`);
  });
  // The request the page loads: the mock's examples cover only some lists.
  if (request) {
    await page.route(`**/api/v1/claim/info-request/${INFO_TOKEN}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: { inactivityMinutes: 20, customerCarePhone: '0333 234 5050', ...request },
          })
        : route.continue(),
    );
  }
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
  await page.getByRole('button', { name: 'Enter your address manually' }).click();
  await page.getByLabel('Address line 1').fill('Flat 2');
  await page.getByLabel('Town or city').fill('Douglas');
  await page.getByLabel('Postcode').fill('IM1 1JE');
}

for (const width of widths) {
  // Personal details and Scratchcard images; the identity check asks for ID documents.
  {
    const { context, page } = await newPage(width, {
      sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
    });
    await page.route('**/identity', (route) =>
      route.continue({
        headers: { ...route.request().headers(), prefer: 'example=idDocsRequired' },
      }),
    );
    await page.goto(URL);
    await page.getByRole('heading', { name: 'Amend or add further information' }).waitFor();
    await check(page, 'info-form', width);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/We couldn't process \d+ of your entries\./).waitFor();
    expectText(
      await page.evaluate(() => document.activeElement?.classList.contains('error-banner')),
      'the banner to take focus',
    );
    await check(page, 'info-personal-errors', width);
    await fillPersonalDetails(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: /^2\s*Upload ID documents$/ }).waitFor();
    await check(page, 'info-id-documents-inserted', width);
    await upload(page, 'First ID document', 'passport.png');
    await upload(page, 'Second ID document', 'bill.png');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: /^3\s*Upload Scratchcard images$/ }).waitFor();
    await upload(page, 'Front of your Scratchcard', 'front.png');
    await upload(page, 'Back of your Scratchcard', 'back.png');
    await check(page, 'info-scratchcard-images', width);
    // The body the page sends (Prism checks it against the contract and answers 201).
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(INFO_TOKEN),
    );
    await page.getByRole('button', { name: 'Submit information' }).click();
    const body = (await sent).postDataJSON();
    expectText(
      JSON.stringify(body.sectionTypeList) === '["PERSONAL_DETAILS","ID_DOCUMENTS","SC_IMAGES"]',
      'ID_DOCUMENTS added to the list sent',
    );
    await page
      .getByRole('heading', { name: 'Your details have been submitted successfully.' })
      .waitFor();
    await check(page, 'info-submitted', width);
    expectText(
      (await page.evaluate(() => localStorage.length + sessionStorage.length)) === 0,
      'nothing in browser storage',
    );
    await context.close();
  }

  // Pink ticket images only: one section that submits; a server error on a file field.
  {
    const { context, page } = await newPage(width, { sectionTypeList: ['DBG_PINK_IMAGES'] });
    await page.goto(URL);
    await page.getByRole('heading', { name: 'Amend or add further information' }).waitFor();
    await check(page, 'info-pink-images', width);
    await upload(page, 'Front of your ticket', 'front.png');
    await upload(page, 'Back of your ticket', 'back.png');
    await page.route(`**/api/v1/claim/info-request/${INFO_TOKEN}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              statusCode: 400,
              error: 'Bad Request',
              message: [
                {
                  property: 'ticketBackFileUuid',
                  constraints: {
                    fileType:
                      'You must upload an image of the back of your draw game ticket before you can proceed.',
                  },
                  children: [],
                },
              ],
            },
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Submit information' }).click();
    await page.getByText("We couldn't process 1 of your entries.").waitFor();
    await check(page, 'info-submit-server-error', width);
    await context.close();
  }

  // White ticket images after standalone ID documents.
  {
    const { context, page } = await newPage(width, {
      sectionTypeList: ['ID_DOCUMENTS', 'DBG_WHITE_IMAGES'],
    });
    await page.goto(URL);
    await page.getByRole('heading', { name: 'Amend or add further information' }).waitFor();
    await check(page, 'info-id-documents-standalone', width);
    await upload(page, 'First ID document', 'passport.png');
    await upload(page, 'Second ID document', 'bill.png');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: /^2\s*Upload ticket images$/ }).waitFor();
    expectText(
      (await page.getByLabel('Back of your ticket').count()) === 0,
      'no back image for a white ticket',
    );
    await upload(page, 'Front of your ticket', 'front.png');
    await check(page, 'info-white-images', width);
    await page.getByRole('button', { name: 'Submit information' }).click();
    await page
      .getByRole('heading', { name: 'Your details have been submitted successfully.' })
      .waitFor();
    await context.close();
  }

  // Load failures.
  for (const [name, status, json, message] of [
    [
      'info-already-submitted',
      409,
      { statusCode: 409, message: 'This information has already been submitted.' },
      'This information has already been submitted.',
    ],
    [
      'info-load-failed',
      500,
      { statusCode: 500, message: '', error: 'Internal Server Error' },
      'There were errors. Please try again.',
    ],
  ]) {
    const { context, page } = await newPage(width);
    await page.route(`**/api/v1/claim/info-request/${INFO_TOKEN}`, (route) =>
      route.fulfill({ status, json }),
    );
    await page.goto(URL);
    await page.getByRole('heading', { name: message }).waitFor();
    await page.getByRole('button', { name: 'start a new claim' }).waitFor();
    await check(page, name, width);
    await context.close();
  }

  // Inactivity with the request's minutes.
  {
    const { context, page } = await newPage(width, {
      sectionTypeList: ['PERSONAL_DETAILS'],
      inactivityMinutes: 10,
    });
    await page.clock.install();
    await page.goto(URL);
    await page.getByRole('heading', { name: 'Amend or add further information' }).waitFor();
    await page.getByLabel('First name').fill('Sarah');
    await page.clock.fastForward('08:01');
    await page.getByRole('alertdialog', { name: 'Do you need more time?' }).waitFor();
    await check(page, 'info-inactivity-warning', width);
    await page.clock.fastForward('02:00');
    await page
      .getByRole('heading', {
        name: 'Your form was cleared as it was left unfinished for 10 minutes',
      })
      .waitFor();
    await page.getByRole('button', { name: 'start again' }).waitFor();
    await check(page, 'info-timed-out', width);
    await context.close();
  }
}

await browser.close();
console.log(`${violations} axe violation(s); ${failures.length} failure(s)`);
for (const failure of failures) console.log(`  ${failure}`);
process.exitCode = violations === 0 && failures.length === 0 ? 0 : 1;
