// The back office against `make mock` (Prism): each screen's screenshot in $SHOTS_DIR and axe on
// each state. Prism checks the contract's security, so the page gets a session cookie first.
//   node client/e2e-mock/staff.mjs
import { axe, BASE, launch, shot } from './browser.mjs';

let violations = 0;
const failures = [];
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
const page = await context.newPage();
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

// Signed out: the sign-in form, and its error summary.
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

await context.addCookies([
  { name: 'staff_session', value: 'mock-session', url: `${BASE}/api/v1/staff/` },
]);
await page.goto(`${BASE}/staff`);
await page.getByRole('heading', { name: 'Claims queue' }).waitFor();
await page.getByRole('table').waitFor();
expectText((await page.url()).endsWith('/staff/claims'), '/staff to open the queue');
await check('queue');

await page.getByRole('table').getByRole('link').first().click();
await page.getByRole('heading', { name: /^Claim / }).waitFor();
await check('claim');
await page.getByRole('button', { name: 'Show images' }).click();
await page.locator('.staff-reject summary').click();
await check('claim-images-reject');

await page.getByRole('link', { name: 'Ticket received' }).click();
await page.getByRole('heading', { name: 'Ticket received' }).waitFor();
await page.getByLabel('Ticket code').fill('nonsense');
await page.getByRole('button', { name: 'Find the claim' }).click();
await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
await check('ticket-received');

await page.goto(`${BASE}/staff/accounts`);
await page.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
await check('accounts');

await browser.close();
console.log(`axe violations: ${violations}; failures: ${failures.length}`);
for (const failure of failures) console.log(`  ${failure}`);
process.exit(violations + failures.length > 0 ? 1 : 0);
