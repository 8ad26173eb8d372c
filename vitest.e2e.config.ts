import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // As long as a browser action may wait (`e2e/support/browser.ts`): a busy machine draws slowly.
    expect: { poll: { timeout: 15_000 }, requireAssertions: true },
    // Two cores: one server, and at most two browsers at a time.
    maxWorkers: 2,
  },
});
