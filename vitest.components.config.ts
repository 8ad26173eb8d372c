import path from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts';

/**
 * The console kit's component tests, rendered in the machine's Chromium (decision 0072): focus,
 * Tab, Escape and the native <dialog> behave as they do for a person, which a simulated DOM fakes.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'web/src') } },
  // Found before the first test starts, so the page does not reload for a late discovery.
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'vitest-browser-react',
      'lucide-react',
      'sonner',
      'zod',
      'react-hook-form',
      '@hookform/resolvers/zod',
      // Screens whose hooks call the server (their data put in the cache by the test).
      '@tanstack/react-query',
      'better-auth/client',
      'better-auth/client/plugins',
      '@better-auth/api-key/client',
      '@better-auth/oauth-provider/client',
      '@better-auth/passkey/client',
    ],
  },
  test: {
    include: ['web/src/**/*.test.tsx'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
      instances: [{ browser: 'chromium' }],
      screenshotFailures: false,
    },
    // One browser page at a time: the machine's two cores are shared with the other suites.
    maxWorkers: 1,
    // A test that asserts nothing fails.
    expect: { requireAssertions: true },
  },
});
