// The back office against `make mock` (Prism): each screen's screenshot in $SHOTS_DIR and axe on
// each state; a sign-in through the form (the mock's answer sets the session cookie) and a step.
// The mock's session probe answers with its first example, a claims advisor signed in: the
// signed-out screens ask Prism for its 204 instead (`Prefer: code=204`). The advisor sees no
// admin or data-protection screen; the mock's admin session (`Prefer: example=admin`) does.
//   node client/e2e-mock/staff.mjs (make mock-journey runs it in make test)
import { axe, BASE, launch, onFailureShow, shot } from './browser.mjs';

let violations = 0;
const failures = [];
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
const page = await context.newPage();
onFailureShow(page, 'staff');
page.on('pageerror', (error) => failures.push(`pageerror: ${error.message}`));
page.on('console', (message) => {
  if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
    failures.push(`console: ${message.text()}`);
});

async function check(name) {
  await page.waitForTimeout(400);
  await shot(page, `staff-${name}`);
  violations += await axe(page, `staff ${name}`);
}

function expectText(condition, what) {
  if (!condition) failures.push(`expected ${what}`);
}

/** The session probe (GET) answered as Prism's `Prefer` header asks; other methods pass. */
async function sessionAs(prefer) {
  await page.unroute('**/api/v1/staff/session');
  if (prefer === undefined) return;
  await page.route('**/api/v1/staff/session', (route) =>
    route.request().method() === 'GET'
      ? route.continue({ headers: { ...route.request().headers(), prefer } })
      : route.continue(),
  );
}

async function navigation() {
  return page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allInnerTexts();
}

// Signed out: the sign-in form, and its error summary.
await sessionAs('code=204');
await page.goto(`${BASE}/staff`);
await page.getByRole('heading', { name: 'Sign in' }).waitFor();
await check('sign-in');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
await check('sign-in-errors');

// The set-up link (no session needed).
await page.goto(`${BASE}/staff/setup/${'s'.repeat(43)}`);
await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
await check('setup');

// Signed in through the form: Prism answers with the advisor's session and its Set-Cookie example.
await page.goto(`${BASE}/staff`);
await page.getByLabel('E-mail address').fill('ravi.patel@winnerservices.example');
await page.getByLabel('Password').fill('correct horse battery staple');
await page.getByLabel('Security code').fill('492039');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('heading', { name: 'Claims queue' }).waitFor();
await page.getByRole('table').waitFor();
expectText((await page.url()).endsWith('/staff/claims'), '/staff to open the queue');
expectText(
  (await context.cookies(`${BASE}/api/v1/staff/session`)).some((c) => c.name === 'staff_session'),
  'the sign-in to set the staff_session cookie',
);
await check('queue');

// From here the probe answers with the mock's default session, the advisor's, as after a reload.
await sessionAs(undefined);
const advisorLinks = await navigation();
expectText(
  advisorLinks.includes('Claims queue') && advisorLinks.includes('Ticket received'),
  `the advisor's navigation to offer the queue and ticket received (${advisorLinks})`,
);
expectText(
  !advisorLinks.includes('Staff accounts') && !advisorLinks.includes('Data protection'),
  `no admin or data-protection screen in the advisor's navigation (${advisorLinks})`,
);
// Their addresses typed by hand open the queue instead: the routes agree with the navigation.
for (const screen of ['accounts', 'data-protection']) {
  await page.goto(`${BASE}/staff/${screen}`);
  await page.getByRole('heading', { name: 'Claims queue' }).waitFor();
  expectText(page.url().endsWith('/staff/claims'), `/staff/${screen} to open the queue`);
}

// The first claim's reference (the header row's links sort the queue).
await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
await page.getByRole('heading', { name: /^Claim / }).waitFor();
await check('claim');
await page.getByRole('button', { name: 'Show images' }).click();
// The mock's images are real (tiny) pictures: each preview decodes.
await page.locator('main img').first().waitFor();
const broken = await page
  .locator('main img')
  .evaluateAll(
    (images) => images.filter((image) => !image.complete || image.naturalWidth === 0).length,
  );
expectText(broken === 0, `every image preview to decode (${broken} broken)`);
await page.locator('.staff-reject summary').click();
await check('claim-images-reject');

// A step: the submitted claim marked as reviewed; the page says so.
await page.getByRole('button', { name: 'Mark as reviewed' }).click();
await page.getByRole('status').filter({ hasText: 'The claim is marked as reviewed.' }).waitFor();
await check('claim-reviewed');

await page.getByRole('link', { name: 'Ticket received' }).click();
await page.getByRole('heading', { name: 'Ticket received' }).waitFor();
await page.getByLabel('Ticket code').fill('nonsense');
await page.getByRole('button', { name: 'Find the claim' }).click();
await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
await check('ticket-received');

// The admin screens with the mock's admin session (its other example).
await sessionAs('example=admin');
await page.goto(`${BASE}/staff/accounts`);
await page.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
const adminLinks = await navigation();
expectText(
  adminLinks.includes('Staff accounts') && adminLinks.includes('Data protection'),
  `the admin's navigation to offer staff accounts and data protection (${adminLinks})`,
);
await check('accounts');

await browser.close();
console.log(`axe violations: ${violations}; failures: ${failures.length}`);
for (const failure of failures) console.log(`  ${failure}`);
process.exit(violations + failures.length > 0 ? 1 : 0);
