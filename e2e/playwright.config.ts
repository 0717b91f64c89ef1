import { defineConfig } from '@playwright/test';

/**
 * End-to-end suite against the real stack (see harness/global-setup.ts): Debian's Chromium,
 * one server for the whole run, two workers. `make e2e` builds the client first.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './harness/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    // Tests read the server's address from the stack; relative navigations use it.
    baseURL: JSON.parse(process.env.E2E_STACK ?? '{}').baseUrl,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1024, height: 900 },
    launchOptions: {
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
    },
    screenshot: { mode: 'only-on-failure', fullPage: true },
    trace: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
  },
});
