import { test as base, expect } from '@playwright/test';

/**
 * The suite's `test`: every page fails its test on an uncaught script error or a console error
 * (failed requests the test provokes, such as a 413 upload, are expected and ignored).
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'script errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
