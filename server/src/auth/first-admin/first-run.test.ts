import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '#test/server-process';

const printedLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '');

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('the first run of the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-first-run-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints one setup link while no admin exists, even with logs silenced; once it is used, a restart prints nothing', async () => {
    const first = await startServerProcess(dataDir, { LOG_LEVEL: 'silent' });
    // The line is written once the server listens, just before it answers its health check.
    await expect.poll(() => printedLines(first).filter((line) => line.includes('setupUrl'))).toHaveLength(1);
    const lines = printedLines(first);
    // Nothing else is printed with logs silenced, and the line is JSON like every other.
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0]!) as { level: string; msg: string; setupUrl: string };
    expect(printed.level).toBe('warn');
    expect(printed.setupUrl).toMatch(new RegExp(`^${first.baseURL}/setup\\?token=[A-Za-z0-9_-]{43}$`));

    const token = new URL(printed.setupUrl).searchParams.get('token');
    const created = await fetch(`${first.baseURL}/api/v1/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.baseURL },
      body: JSON.stringify({ token, name: 'Root', email: 'root@example.com', password: 'first-run-password-1' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.getSetCookie().some((cookie) => cookie.startsWith('better-auth.session_token='))).toBe(true);
    await stop(first);

    const again = await startServerProcess(dataDir, { LOG_LEVEL: 'info' });
    // Logs on this time: the start logs its lines, and none of them is a setup link.
    await expect.poll(() => printedLines(again).some((line) => line.includes('"msg":"listening"'))).toBe(true);
    expect(again.output()).not.toContain('setupUrl');
    expect(again.output()).not.toContain('/setup?token=');
    await stop(again);
  });
});
