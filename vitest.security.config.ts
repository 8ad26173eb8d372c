import { defineConfig } from 'vitest/config';

/** The security suite: attacks that must fail, against the real app (`npm run test:security`). */
export default defineConfig({
  test: {
    include: ['server/src/security/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // A test that asserts nothing fails.
    expect: { requireAssertions: true },
  },
});
