/**
 * Rate limits as an office behind one address meets them: the compiled server with its limits on,
 * 1,000 signed-in people all on 127.0.0.1, each opening a screen every few seconds (the session
 * check, then one API call: `/api/v1/me` or Better Auth's `organization/list`) for `BENCH_SECONDS`
 * (default 40). Counts their 429s, which must be none. Then one of the accounts scripts at full
 * speed (8 requests at a time) and must be refused, with Retry-After, within its minute's allowance.
 *
 * The accounts and their sessions are written straight into the server's SQLite file (real rows
 * the server reads as any other; the cookies signed as Better Auth signs them): signing 1,000 people
 * in would spend a minute hashing passwords and meet the sign-in limit, which is not measured here.
 * `BENCH_PEOPLE`, `BENCH_SECONDS`, `BENCH_PAGE_SECONDS` (default 10) change the load.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { API_RATE_LIMITS } from '../server/src/http/rate-limit';
import { BENCH_SECRET, startServer } from './bench-server';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 10);
const SCRIPT_CONCURRENCY = 8;
const SCRIPT_MAX_SECONDS = 20;
const SESSION_COOKIE = 'better-auth.session_token';

/** The people, each with a session cookie, written into the server's database. */
function seedPeople(dataDir: string): string[] {
  const sqlite = new SqliteDatabase(path.join(dataDir, 'gatehouse.db'));
  sqlite.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  const user = sqlite.prepare(
    `insert into "user" (id, name, email, emailVerified, createdAt, updatedAt) values (?, ?, ?, 1, ?, ?)`,
  );
  const session = sqlite.prepare(
    `insert into session (id, token, userId, expiresAt, createdAt, updatedAt, ipAddress, userAgent)
     values (?, ?, ?, ?, ?, ?, '127.0.0.1', 'bench')`,
  );
  const cookies: string[] = [];
  sqlite.transaction(() => {
    for (let index = 0; index < PEOPLE; index++) {
      const id = `office-${index}`;
      const token = crypto.randomBytes(24).toString('base64url');
      user.run(id, `Person ${index}`, `person${index}@office.example`, now, now);
      session.run(crypto.randomUUID(), token, id, expires, now, now);
      const signature = crypto.createHmac('sha256', BENCH_SECRET).update(token).digest('base64');
      cookies.push(`${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`);
    }
  })();
  sqlite.close();
  return cookies;
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function get(url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { cookie } }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string }),
        );
      })
      .on('error', reject);
  });
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function browsing(baseURL: string, cookies: string[]) {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const person = async (cookie: string, index: number) => {
    // Spread over the first page interval, as people arrive, then a screen every few seconds.
    await sleep(Math.random() * PAGE_SECONDS * 1000);
    for (let screen = 0; Date.now() < until; screen++) {
      const started = performance.now();
      const calls = ['/api/auth/get-session', (index + screen) % 2 ? '/api/v1/me' : '/api/auth/organization/list'];
      for (const call of calls) {
        const { status } = await get(`${baseURL}${call}`, cookie);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      latencies.push(performance.now() - started);
      await sleep(PAGE_SECONDS * 1000 * (0.5 + Math.random()));
    }
  };
  await Promise.all(cookies.map((cookie, index) => person(cookie, index)));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.max(0, Math.ceil(latencies.length * p) - 1)] ?? 0;
  return { statuses, p50: at(0.5), p99: at(0.99) };
}

/** One account as fast as it can go, until refused (or the time is up). */
async function scripting(baseURL: string, cookie: string) {
  let sent = 0;
  let refused: Answer | undefined;
  let acceptedBeforeRefusal = 0;
  const until = Date.now() + SCRIPT_MAX_SECONDS * 1000;
  const worker = async () => {
    while (!refused && Date.now() < until) {
      sent++;
      const answer = await get(`${baseURL}/api/auth/get-session`, cookie);
      if (answer.status === 429) refused ??= answer;
      else if (!refused) acceptedBeforeRefusal++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SCRIPT_CONCURRENCY }, worker));
  return { sent, refused, acceptedBeforeRefusal, seconds: (performance.now() - started) / 1000 };
}

const server = await startServer({ UNSAFE_DISABLE_RATE_LIMIT: 'false' });
try {
  const cookies = seedPeople(server.dataDir);
  const check = await get(`${server.baseURL}/api/v1/me`, cookies[0]!);
  if (check.status !== 200) throw new Error(`a seeded session is not signed in: ${check.status}`);
  // The seeded people have used up none of their allowance; the first one's check above is one request.
  const office = await browsing(server.baseURL, cookies);
  const total = [...office.statuses.values()].reduce((sum, count) => sum + count, 0);
  const limited = office.statuses.get(429) ?? 0;
  print(
    `${PEOPLE} people on one address, a screen (2 requests) every ~${PAGE_SECONDS} s for ${SECONDS} s: ` +
      `${total} requests (${Math.round((total / SECONDS) * 60)}/min from the address), ` +
      `statuses ${JSON.stringify(Object.fromEntries(office.statuses))}, 429s: ${limited}, screen p50 ${office.p50.toFixed(0)} ms, p99 ${office.p99.toFixed(0)} ms`,
  );
  const script = await scripting(server.baseURL, cookies[1]!);
  print(
    `one account scripting (${SCRIPT_CONCURRENCY} at a time): ${script.refused ? `refused (429, Retry-After ${script.refused.retryAfter} s)` : 'NEVER REFUSED'} ` +
      `after ${script.acceptedBeforeRefusal} accepted requests in ${script.seconds.toFixed(1)} s ` +
      `(its allowance: ${API_RATE_LIMITS.perAccount.all}/min, less what it browsed)`,
  );
  // A colleague on the same address is not held up by it.
  const colleague = await get(`${server.baseURL}/api/auth/get-session`, cookies[2]!);
  print(`a colleague on the same address meanwhile: ${colleague.status}`);
  if (limited > 0 || !script.refused || !script.refused.retryAfter || colleague.status !== 200) process.exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
}
