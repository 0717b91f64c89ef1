import { apiCall } from '@prize/test-kit/claim-journey';
import { section } from '../support/claim-form.ts';
import { stack, uniqueEmail } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { verificationLink } from '../support/mail.ts';

/*
 * Issue 35: a claimant page arrives with its shell (header, heading, footer) rendered by the
 * server, so its heading paints before any script has run; the page's script then takes that
 * markup over (hydration) without replacing it, and without an error in the console (the suite's
 * fixture fails a test on any). The shell is the same for every claimant: no link token in it.
 */

test('the start page and a claim link arrive rendered, with the settings and without the token', async ({
  request,
}) => {
  const email = uniqueEmail('shell');
  await apiCall(stack().baseUrl, 'POST', '/api/v1/claim', { email });
  const link = await verificationLink(email);
  const token = link.split('/').at(-1)!;

  const start = await (await request.get('/')).text();
  expect(start).toContain('<h1>Start your claim</h1>');
  expect(start).toContain(`>${stack().productName}</a>`);
  expect(start).toContain(`Thank you for playing ${stack().productName}.`);

  const claim = await (await request.get(new URL(link).pathname)).text();
  expect(claim).toContain('<h1 tabindex="-1">Claim your prize</h1>');
  expect(claim).toContain(`>${stack().productName}</a>`);
  expect(claim).not.toContain(token);
});

test("a claim link's heading shows before its script runs, and the script takes the same heading over", async ({
  page,
}) => {
  const email = uniqueEmail('hydrate');
  await apiCall(stack().baseUrl, 'POST', '/api/v1/claim', { email });
  const link = await verificationLink(email);

  let releaseScripts = () => undefined as void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(link, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Claim your prize', level: 1 });
  await expect(heading).toBeVisible();
  await heading.evaluate((element) => element.setAttribute('data-seen-before-scripts', ''));

  releaseScripts();
  await expect(section(page, /Personal details/)).toBeVisible();
  // The node the server sent, kept: hydrated rather than rendered again.
  await expect(heading).toHaveAttribute('data-seen-before-scripts', '');
});
