import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests and the security suite (`vitest.security.config.ts`) as two projects of one run, so
 * that `npm test` starts Vitest once and keeps both workers busy until the last file of either.
 */
export default defineConfig({
  test: {
    // Two files at a time whatever the cores (decision 0055): most of a test's time is spent waiting.
    maxWorkers: 2,
    projects: [
      {
        // The console's own imports (`@/…`), as its Vite build resolves them.
        resolve: { alias: { '@': path.join(import.meta.dirname, 'web/src') } },
        test: {
          name: 'unit',
          include: [
            'common/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'examples/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          // Password hashing is deliberately slow; two cores share the suites.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A test that asserts nothing fails.
          expect: { requireAssertions: true },
        },
      },
      './vitest.security.config.ts',
    ],
  },
});
