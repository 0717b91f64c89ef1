// Shared set-up for the smoke scripts against `make mock` (Prism on :4010, Vite on :5173).
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';

export const BASE = process.env.MOCK_URL ?? 'http://127.0.0.1:5173';
export const TOKEN = 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU';
export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

/** A real 1x1 PNG: the uploads of the scripts. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const png = (name) => ({ name, mimeType: 'image/png', buffer: PNG });

/**
 * Until the file is stored: the name shows while it is uploading too, Remove only once it is
 * stored. (Waiting for the name alone let a script change the mock's answers while an upload was
 * still on its way, so that upload took the next answer: smoke.mjs's stop after ID documents.)
 */
export async function uploaded(page, name) {
  await page.getByRole('button', { name: `Remove ${name}` }).waitFor();
}

/** Chooses the file for the labelled field and waits until it is stored. */
export async function upload(page, label, name) {
  await page.getByLabel(label).setInputFiles(png(name));
  await uploaded(page, name);
}

/** Waits allowed per step: Playwright's 30 s default is short on a loaded 2-core machine. */
const STEP_TIMEOUT_MS = Number(process.env.MOCK_STEP_TIMEOUT_MS ?? 90_000);

export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    return context;
  };
  return browser;
}

export async function axe(page, label) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  console.log(
    `axe ${label}: ${violations.length === 0 ? 'no violations' : violations.join('\n  ')}`,
  );
  return violations.length;
}

// Open dialogs are fixed to the viewport: a full-page picture would misplace them.
export async function shot(page, name) {
  const dialogOpen = (await page.locator('[role=dialog], [role=alertdialog]').count()) > 0;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: !dialogOpen });
}

/**
 * When a step fails (a waitFor timing out), the page last named here as it was: its address, its
 * text and a screenshot `<name>-failure.png`, so a failure in `make test` says what was on screen.
 */
let watched;
export function onFailureShow(page, name) {
  if (watched === undefined)
    process.on('uncaughtException', async (error) => {
      console.error(error);
      try {
        console.error(`${watched.name} failed at ${watched.page.url()}`);
        const text = await watched.page.locator('body').innerText({ timeout: 5000 });
        console.error(`the page said:\n${text.slice(0, 2000)}`);
        await watched.page.screenshot({
          path: `${SHOTS}/${watched.name}-failure.png`,
          fullPage: true,
          timeout: 10_000,
        });
      } catch (secondary) {
        console.error(`(no picture of the page: ${secondary.message})`);
      }
      process.exit(1);
    });
  watched = { page, name };
}
