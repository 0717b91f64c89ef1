import { test as base, expect } from '@playwright/test';

/**
 * The suite's `test`: every page fails its test on an uncaught script error or a console error
 * (failed requests the test provokes, such as a 413 upload, are expected and ignored). Leaving a
 * form with unsaved answers asks first (beforeunload): the claimant's answer here is to leave,
 * and `leaveWarnings` counts the times it was asked.
 */
export const test = base.extend<{ pageErrors: string[]; leaveWarnings: { count: number } }>({
  leaveWarnings: [
    async ({ page }, use) => {
      const warnings = { count: 0 };
      page.on('dialog', async (dialog) => {
        if (dialog.type() !== 'beforeunload') return dialog.dismiss();
        warnings.count += 1;
        return dialog.accept();
      });
      await use(warnings);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'script errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
