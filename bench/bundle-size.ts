/**
 * The JavaScript a visitor's browser downloads to show /auth, as transferred (gzipped by the
 * server), measured in Chromium against the compiled server with the built console.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { startServerProcess } from '../server/src/testing/server-process';

const BUDGET_KB = 100;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bundle-'));
const server = await startServerProcess(dataDir, {}, { compiled: true, hostname: 'localhost' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const transferred = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => transferred.set(event.requestId, event.encodedDataLength));
  await page.goto(`${server.baseURL}/auth`);
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await page.waitForLoadState('networkidle');

  let total = 0;
  for (const [id, url] of scripts) {
    const bytes = transferred.get(id) ?? 0;
    total += bytes;
    process.stdout.write(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}\n`);
  }
  const kb = total / 1024;
  process.stdout.write(
    `JS loaded by /auth: ${kb.toFixed(1)} KB transferred (gzip), ${(kb / BUDGET_KB).toFixed(2)} of the ${BUDGET_KB} KB budget\n`,
  );
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
