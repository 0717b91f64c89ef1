// The claim form completed with the keyboard alone against `make mock` (a draw ticket with
// ID documents). Tab moves between fields; arrows, Space and Enter answer them.
//   node client/e2e-mock/keyboard.mjs
import { axe, BASE, launch, onFailureShow, PNG, shot, TOKEN, uploaded } from './browser.mjs';

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
const page = await context.newPage();
onFailureShow(page, 'keyboard');
page.on('pageerror', (error) => console.log('pageerror', error.message));
await page.route('**/identity', (route) =>
  route.continue({ headers: { ...route.request().headers(), prefer: 'example=idDocsRequired' } }),
);

// Tab forward until the locator's element has focus.
async function tabTo(locator, max = 80) {
  const handle = await locator.elementHandle();
  for (let presses = 0; presses < max; presses += 1) {
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${locator} with Tab`);
}
const press = (key) => page.keyboard.press(key);
// Space on the focused input opens the file dialog. Chromium under load sometimes opens none for
// a press: up to three presses, then the file is set on the focused input (as e2e/support/keyboard.ts).
async function chooseFile(locator, name) {
  await tabTo(locator);
  const file = { name, mimeType: 'image/png', buffer: PNG };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const chooser = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 2000 }),
      press('Space'),
    ]).then(
      ([opened]) => opened,
      () => undefined,
    );
    if (chooser) {
      await chooser.setFiles(file);
      await uploaded(page, name);
      return;
    }
  }
  console.log(`no file chooser for ${name} after 3 presses of Space: set on the focused input`);
  await locator.setInputFiles(file);
  await uploaded(page, name);
}
async function select(locator, label) {
  await tabTo(locator);
  await locator.selectOption({ label });
}

await page.goto(`${BASE}/claim/${TOKEN}`);
await page.getByRole('heading', { name: 'Claim your prize' }).waitFor();

// 1 Personal details
await tabTo(page.getByRole('group', { name: /owner of the ticket/ }).getByLabel('Yes'));
await press('Space');
await select(page.getByLabel('Title'), 'Ms');
await tabTo(page.getByLabel('First name'));
await page.keyboard.type('Sarah');
await press('Tab');
await page.keyboard.type("O'Neill");
await select(page.getByLabel('Day'), '5');
await select(page.getByLabel('Month'), 'March');
await select(page.getByLabel('Year'), '1980');
await tabTo(page.getByLabel('Phone number'));
await page.keyboard.type('07700900123');
await press('Tab');
await page.keyboard.type('14 elm grove');
const result = page.getByRole('button', { name: /14 Elm Grove Leeds/ });
await result.waitFor();
await tabTo(result);
await press('Enter');
await page.getByRole('button', { name: 'Look up another address' }).waitFor();
await tabTo(page.getByRole('button', { name: 'Next' }));
await press('Enter');

// 2 ID documents, with the list of acceptable documents opened and closed by keyboard
await page.getByRole('button', { name: 'Acceptable ID documents' }).waitFor();
await tabTo(page.getByRole('button', { name: 'Acceptable ID documents' }));
await press('Enter');
await page.getByRole('dialog').waitFor();
await press('Tab');
const insideDialog = await page.evaluate(() =>
  Boolean(document.activeElement?.closest('[role=dialog]')),
);
await press('Escape');
await page.getByRole('dialog').waitFor({ state: 'detached' });
await chooseFile(page.getByLabel('First ID document'), 'passport.png');
await chooseFile(page.getByLabel('Second ID document'), 'bill.png');
await tabTo(page.getByRole('button', { name: 'Next' }));
await press('Enter');

// 3 Claim details: arrows move within a radio group
for (const legend of [/in your possession/, /damaged/, /work for/]) {
  await tabTo(page.getByRole('group', { name: legend }).getByLabel('Yes'));
  await press('Space');
  if (!String(legend).includes('possession')) await press('ArrowRight');
}
await tabTo(page.getByRole('button', { name: 'Next' }));
await press('Enter');

// 4 About your ticket
await tabTo(page.getByLabel('Draw based game ticket'));
await press('Space');
await select(page.getByLabel('Which game?'), 'Lotto');
await tabTo(page.getByLabel('Pink'));
await press('Space');
await tabTo(page.getByLabel('Serial number'));
await page.keyboard.type('1234567890123456789');
await tabTo(page.getByLabel('Term number'));
await page.keyboard.type('40123456');
await tabTo(page.getByLabel('How much did you win?'));
await page.keyboard.type('1750');
await press('Enter');

// 5 Ticket images and the signed-ticket question
await chooseFile(page.getByLabel('Front of your ticket'), 'front.png');
await chooseFile(page.getByLabel('Back of your ticket'), 'back.png');
await tabTo(page.getByRole('button', { name: 'Next' }));
await press('Enter');
await page.getByRole('dialog', { name: /^Have you signed your/ }).waitFor();
await tabTo(page.getByRole('button', { name: 'Yes, I have signed it' }));
await press('Enter');

// 6 Payment and submit
await tabTo(page.getByLabel('I would prefer to be paid by cheque'));
await press('Space');
await tabTo(page.getByRole('button', { name: 'Submit claim' }));
await press('Enter');
await page.getByRole('heading', { name: 'Your claim has been submitted successfully.' }).waitFor();
await shot(page, 'keyboard-submitted');
const violations = await axe(page, 'keyboard submitted');
console.log(`keyboard journey complete; focus stayed in the dialog: ${insideDialog}`);
await browser.close();
process.exitCode = violations === 0 && insideDialog ? 0 : 1;
