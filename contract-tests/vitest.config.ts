import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scenarios/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Scenarios share one server and one inbox: run files one after another.
    fileParallelism: false,
    // Journeys wait for e-mails that go through a queue, and a staff scenario that signs in
    // more than twice with one account waits for the authenticator's next 30 s step each time
    // (a code signs in once): two such waits took 52 s on an idle machine, 56 s on a loaded one.
    testTimeout: 150_000,
    hookTimeout: 90_000,
    // Stopping Prism, the server (graceful: up to 10 s + 5 s), MailDev and PostgreSQL.
    teardownTimeout: 60_000,
  },
});
