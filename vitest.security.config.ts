import { defineConfig } from 'vitest/config';

/** The security suite: attacks that must fail, against the real app (`npm run test:security`). */
export default defineConfig({
  test: {
    name: 'security',
    include: ['server/security/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // Two files at a time whatever the cores (decision 0055): most of a test's time is spent waiting.
    maxWorkers: 2,
    hookTimeout: 60_000,
    // A test that asserts nothing fails.
    expect: { requireAssertions: true },
  },
});
