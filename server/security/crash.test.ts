import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess as Server } from '#test/server-process';

const WORKERS = 8;
/** The server is killed once this many sign-ups are acknowledged, while the other workers' are in flight. */
const KILL_AFTER = 30;
/** Bounds each worker, should the kill never come. */
const ATTEMPTS_PER_WORKER = 60;
const PASSWORD = 'crash-password-1';

interface Acknowledged {
  email: string;
  /** The session cookie the sign-up set: `name=value`. */
  cookie: string;
}

const post = (server: Server, route: string, body: unknown, cookie?: string) =>
  fetch(`${server.baseURL}${route}`, {
    method: 'POST',
    headers: { origin: server.baseURL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe('a server killed in the middle of writes (sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-crash-'));
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, an intact file, and starts again', { timeout: 180_000 }, async () => {
    const first = await startServerProcess(dataDir);
    servers.push(first);

    const acknowledged: Acknowledged[] = [];
    const refused: string[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    const worker = async (index: number) => {
      for (let attempt = 0; attempt < ATTEMPTS_PER_WORKER && inFlightAtKill < 0; attempt++) {
        const email = `crash-${index}-${attempt}@example.com`;
        inFlight++;
        let response: Response;
        try {
          response = await post(first, '/api/auth/sign-up/email', {
            email,
            password: PASSWORD,
            name: `Crash ${index}`,
          });
        } catch {
          // The server is gone: this sign-up was never acknowledged.
          return;
        } finally {
          inFlight--;
        }
        if (response.ok) {
          const cookie = response.headers
            .getSetCookie()
            .map((header) => header.split(';')[0]!)
            .find((pair) => pair.includes('session_token='));
          acknowledged.push({ email, cookie: cookie ?? '' });
        } else {
          refused.push(`${email}: ${response.status}`);
        }
        // A body cut short by the kill does not undo the acknowledgement the status already was.
        await response.text().catch(() => '');
        if (inFlightAtKill < 0 && acknowledged.length >= KILL_AFTER) {
          inFlightAtKill = inFlight;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    await first.exited;

    expect(refused).toEqual([]);
    expect(first.child.signalCode, 'the load ended before the kill').toBe('SIGKILL');
    // Other sign-ups were under way when the server died.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // Inspect a copy, so the restart below recovers the files exactly as the kill left them.
    const copy = fs.mkdtempSync(path.join(dataDir, 'inspect-'));
    for (const suffix of ['', '-wal', '-shm']) {
      const file = path.join(dataDir, `gatehouse.db${suffix}`);
      if (fs.existsSync(file)) fs.copyFileSync(file, path.join(copy, `gatehouse.db${suffix}`));
    }
    const sqlite = new SqliteDatabase(path.join(copy, 'gatehouse.db'));
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      // The search index and the per-role counts are kept by triggers, in the same transactions.
      expect(() => sqlite.exec(`insert into user_search (user_search) values ('integrity-check')`)).not.toThrow();
      const counts = sqlite.prepare('select role, total from user_role_count where total <> 0 order by role').all();
      expect(counts).toEqual(
        sqlite
          .prepare(`select coalesce(role, 'user') as role, count(*) as total from "user" group by 1 order by 1`)
          .all(),
      );

      const user = sqlite.prepare(`select id from "user" where email = ?`);
      const credential = sqlite.prepare(`select count(*) from account where userId = ? and providerId = 'credential'`);
      const sessions = sqlite.prepare('select count(*) from session where userId = ?');
      const missing = acknowledged.flatMap(({ email }) => {
        const row = user.get(email) as { id: string } | undefined;
        if (!row) return [`${email}: no user`];
        if (credential.pluck().get(row.id) !== 1) return [`${email}: no password`];
        if ((sessions.pluck().get(row.id) as number) < 1) return [`${email}: no session`];
        return [];
      });
      expect(missing).toEqual([]);
    } finally {
      sqlite.close();
      fs.rmSync(copy, { recursive: true, force: true });
    }

    const second = await startServerProcess(dataDir);
    servers.push(second);
    expect((await fetch(`${second.baseURL}/api/v1/health`)).status).toBe(200);
    for (const { email } of [acknowledged[0]!, acknowledged.at(-1)!]) {
      const signIn = await post(second, '/api/auth/sign-in/email', { email, password: PASSWORD });
      expect(signIn.status, email).toBe(200);
    }
    // A session acknowledged before the kill still signs its holder in.
    const last = acknowledged.at(-1)!;
    const session = await fetch(`${second.baseURL}/api/auth/get-session`, {
      headers: { origin: second.baseURL, cookie: last.cookie },
    });
    expect(((await session.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(last.email);
    // And it takes writes again.
    const after = await post(second, '/api/auth/sign-up/email', {
      email: 'after-restart@example.com',
      password: PASSWORD,
      name: 'After',
    });
    expect(after.status).toBe(200);

    second.child.kill('SIGTERM');
    await second.exited;
    // The restarted server logged no error while recovering and serving.
    expect(second.output()).not.toContain('"level":"error"');
  });
});
