import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '#test/server-process';

describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-sigterm-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves metrics on METRICS_PORT only; on SIGTERM stops accepting, lets the sign-up in flight finish, and exits 0', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess(dataDir, { METRICS_PORT: String(metricsPort) });
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('gatehouse_http_requests_total');
    expect(await (await fetch(`${server.baseURL}/metrics`)).text()).not.toContain('gatehouse_');

    const signUp = (email: string) =>
      fetch(`${server.baseURL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseURL },
        body: JSON.stringify({ email, password: 'sigterm-password-1', name: 'Term' }),
      });
    // Password hashing keeps a sign-up busy for a while: long enough to be in flight at the signal.
    const inFlight = signUp('in-flight@example.com');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    server.child.kill('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe('in-flight@example.com');
    await expect(signUp('too-late@example.com')).rejects.toThrow();
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).not.toMatch(/"level":"error"/);
  });
});
