import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scenarios/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Scenarios share one server and one inbox: run files one after another.
    fileParallelism: false,
    // Journeys wait for e-mails that go through a queue.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Stopping Prism, the server (graceful: up to 10 s + 5 s), MailDev and PostgreSQL.
    teardownTimeout: 60_000,
  },
});
