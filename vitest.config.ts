import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['server/src/security/**', '**/node_modules/**'],
    environment: 'node',
    // Password hashing is deliberately slow; two cores share the suites.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
