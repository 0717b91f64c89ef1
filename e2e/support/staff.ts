import { expect, type Locator, type Page } from '@playwright/test';
import { freshCode } from '@prize/test-kit/totp';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expectNoAxeViolations } from './axe.ts';
import { tabTo } from './keyboard.ts';
import { linkIn, waitForMail } from './mail.ts';

// A code the server has not seen yet for the secret (each time step is taken once).
export { freshCode };

export const SETUP_LINK = /\/staff\/setup\/[A-Za-z0-9_-]{20,}/;

/** The set-up link from the newest e-mail to `address` that carries one. */
export async function setupLinkFor(address: string): Promise<string> {
  return linkIn(await waitForMail(address, /./), SETUP_LINK);
}

/**
 * Opens a set-up link, asks for the authenticator enrolment (the secret is made then, shown
 * once), reads the name and the secret shown beside the QR code, chooses the password and
 * confirms with a code; the page then says to wait for the next code.
 */
export async function setUpAccount(
  page: Page,
  link: string,
  password: string,
): Promise<{ secret: string; name: string }> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your account', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await press(page, page.getByRole('button', { name: 'Show the QR code' }));
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoAxeViolations(page, 'back office: account set-up');
  const name = await page
    .locator('.summary-list__row', { hasText: 'Name' })
    .locator('dd')
    .innerText();
  const secret = (await page.locator('.staff-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the password').fill(password);
  await page.getByLabel('Security code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Set up account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is set up' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Wait for the next code');
  return { secret, name };
}

/** Reaches the control with Tab and presses it with Enter (nothing clicks). */
export async function press(page: Page, control: Locator): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

/** Reaches the field with Tab and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/**
 * Signs in on the back office's sign-in form (shown at any /staff address while signed out),
 * by keyboard only: Tab to each field, type, Enter.
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string; secret: string; name: string },
): Promise<void> {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'back office: sign-in');
  await typeInto(page, page.getByLabel('E-mail address'), account.email);
  await typeInto(page, page.getByLabel('Password'), account.password);
  await typeInto(page, page.getByLabel('Security code'), await freshCode(account.secret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${account.name}`);
}

export async function signOut(page: Page): Promise<void> {
  await press(page, page.getByRole('button', { name: 'Sign out' }));
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
}

/** The text a QR code image holds (a PNG from an e-mail), read the way a scanner would. */
export async function decodeQr(png: Buffer): Promise<string | undefined> {
  // A quiet white border helps the decoder when the image is cropped to the code.
  const { data, info } = await sharp(png)
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS typed as an ES module: under Node's interop its function is `.default`.
  return jsQR.default(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
