/**
 * The JavaScript a visitor's browser downloads to show /auth, as transferred (gzipped by the
 * server), measured in Chromium against the compiled server with the built console. The same
 * measure is the `npm test` budget (e2e/bundle-budget.e2e.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { formatAuthBundle, measureAuthBundle } from '../e2e/support/auth-bundle';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { startServerProcess } from '#test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bundle-'));
const server = await startServerProcess(dataDir, {}, { compiled: true, hostname: 'localhost' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  process.stdout.write(formatAuthBundle(await measureAuthBundle(server.baseURL, browser)));
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
