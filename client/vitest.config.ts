import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure rules run in Node; component tests opt into jsdom with a `@vitest-environment` comment.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
