import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFileIn } from '../src/db/database';
import { ADMIN_ENV, TEST_ADMIN } from '#test/accounts';
import { startServerProcess, type ServerProcess } from '#test/server-process';

/** An organization name written to forge a log line of its own, as an error line would read. */
const FORGED = 'Acme\n{"level":"error","msg":"admin password reset","forged":true}\r\nInc';

/**
 * Every line the real server process writes (stdout and stderr) is one JSON object, even when
 * Better Auth refuses a request with a message that quotes text people chose: a name with line
 * breaks never writes a line of its own.
 */
describe('log lines of the real server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-log-lines-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'stays one JSON object a line when an error message quotes a name with line breaks',
    { timeout: 120_000 },
    async () => {
      server = await startServerProcess(dataDir, { ...ADMIN_ENV, LOG_LEVEL: 'debug' });
      const { baseURL } = server;
      let cookie = '';
      const call = async (method: string, route: string, body?: unknown) => {
        const response = await fetch(`${baseURL}${route}`, {
          method,
          headers: { origin: baseURL, 'content-type': 'application/json', cookie },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const session = response.headers
          .getSetCookie()
          .map((line) => line.split(';')[0]!)
          .find((pair) => pair.startsWith('better-auth.session_token='));
        if (session) cookie = session;
        return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, any> };
      };

      expect((await call('POST', '/api/auth/sign-in/email', TEST_ADMIN)).status).toBe(200);
      const organization = await call('POST', '/api/v1/admin/organizations', { name: 'Plain name' });
      expect(organization.status).toBe(201);
      const member = await call('POST', '/api/v1/admin/users', {
        email: 'member@example.com',
        password: 'member-password-1',
        name: 'Member',
        organizationId: organization.body.data.id,
      });
      expect(member.status).toBe(201);
      // However the name came to be stored (before any rule on names, or by any other way).
      const sqlite = new SqliteDatabase(sqliteFileIn(dataDir));
      sqlite.prepare('update organization set name = ? where id = ?').run(FORGED, organization.body.data.id);
      sqlite.close();

      // The last owner may not leave: Better Auth's refusal quotes the organization's name.
      const refused = await call('POST', '/api/auth/delete-user', { password: TEST_ADMIN.password });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('Acme');

      // Whatever was written meanwhile has reached the pipes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        let parsed: unknown;
        expect(() => (parsed = JSON.parse(line)), line).not.toThrow();
        expect(parsed, line).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
        expect((parsed as { forged?: unknown }).forged, line).toBeUndefined();
      }
    },
  );
});
