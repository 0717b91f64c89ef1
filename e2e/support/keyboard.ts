import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only driving: focus moves with Tab / Shift+Tab (whichever way the target lies), and
 * widgets are answered with Space, Enter, arrows and typing. Nothing here clicks.
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  await target.waitFor();
  const handle = await target.elementHandle();
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    const where = await page.evaluate((element) => {
      const active = document.activeElement;
      if (active === element) return 'here';
      if (!active || active === document.body) return 'after';
      // Element follows the focused one in document order: Tab; else Shift+Tab.
      return active.compareDocumentPosition(element!) & Node.DOCUMENT_POSITION_FOLLOWING
        ? 'after'
        : 'before';
    }, handle);
    if (where === 'here') return;
    await page.keyboard.press(where === 'after' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`could not reach ${target} with Tab / Shift+Tab`);
}

/** A native select answered by typing its option's text (type-ahead), then arrows if needed. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(label);
  for (let presses = 0; presses < 200; presses += 1) {
    const chosen = await select.evaluate((element) =>
      (element as HTMLSelectElement).selectedOptions[0]?.textContent?.trim(),
    );
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`option '${label}' not reached by keyboard`);
}

/**
 * A file input reached by Tab and opened with Space: the file dialog (Playwright's file chooser)
 * takes the file. Headless Chromium now and then drops the dialog of a key press; after three
 * tries the focused input gets the file directly, which is what the dialog would have done.
 */
export async function chooseFileByKeyboard(
  page: Page,
  input: Locator,
  file: string,
  shownName: string,
): Promise<void> {
  await tabTo(page, input);
  let chosen = false;
  for (let attempt = 0; attempt < 3 && !chosen; attempt += 1) {
    await expect(input).toBeFocused();
    const chooser = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 2_000 }),
      page.keyboard.press('Space'),
    ]).then(
      ([opened]) => opened,
      () => undefined,
    );
    if (chooser) {
      await chooser.setFiles(file);
      chosen = true;
    }
  }
  if (!chosen) {
    const note = `no file chooser for ${shownName} after 3 presses of Space: set on the focused input`;
    test.info().annotations.push({ type: 'file dialog', description: note });
    console.log(note);
    await expect(input).toBeFocused();
    await input.setInputFiles(file);
  }
  await expect(page.getByRole('button', { name: `Remove ${shownName}` })).toBeVisible();
}

export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

export async function pressButton(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/** Counts pointer presses in the page, to prove a journey used none. */
export async function countPointerPresses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { pointerPresses: number };
    counter.pointerPresses = 0;
    for (const type of ['pointerdown', 'mousedown', 'touchstart']) {
      window.addEventListener(type, () => (counter.pointerPresses += 1), { capture: true });
    }
  });
}

export const pointerPresses = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses);
