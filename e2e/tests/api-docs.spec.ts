import { expect, test } from '../support/fixtures.ts';

test('the API reference renders every tag of the published contract from this origin only, operator operations with their bearer scheme', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
  });

  await page.goto('/api/docs');

  // Rendered from GET /api/v1/openapi.json: the title, the version and an operation of each tag.
  await expect(
    page.getByRole('heading', { name: 'Prize postal-claim API', level: 1 }),
  ).toBeVisible();
  const document = (await (await page.request.get('/api/v1/openapi.json')).json()) as {
    info: { version: string };
  };
  await expect(page.getByText(`v${document.info.version}`, { exact: true })).toBeVisible();
  for (const summary of [
    'Start a claim',
    'Load an info request',
    'Search for an address',
    'List submitted claims',
    'Service health',
    'This contract, as JSON',
  ]) {
    await expect(page.getByRole('link', { name: summary }).first()).toBeAttached();
  }

  // An operator operation: marked as needing auth, its example sends the bearer header.
  await page.getByRole('link', { name: 'List submitted claims' }).first().click();
  const operation = page
    .locator('section', { has: page.getByRole('heading', { name: 'List submitted claims' }) })
    .first();
  await expect(operation.getByText('Auth Required')).toBeVisible();
  await expect(operation.getByText(/Authorization: Bearer/).first()).toBeVisible();

  // Nothing from another host: no script, style, font, image or call (the fixture also fails the
  // test on any console error, which is where a CSP refusal would show).
  expect(elsewhere).toEqual([]);
});
