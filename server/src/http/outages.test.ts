import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { freePort } from '#test/server-process';
import { createTestContext, TEST_POSTGRES_URL, type TestContext } from '#test/test-context';

const SECRET = 'outage-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** What the console sees while signed in: its session, its organizations, and the readiness check. */
async function probe(client: TestClient) {
  const [session, organizations, ready, live] = await Promise.all([
    client.get('/api/auth/get-session'),
    client.get('/api/v1/organizations'),
    client.get('/api/v1/health/ready'),
    client.get('/api/v1/health'),
  ]);
  return { session, organizations, ready, live };
}

describe('a PostgreSQL outage', () => {
  const name = `gatehouse_outage_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  let context: TestContext;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    context = await createTestContext('sqlite', { env: { DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: SECRET } });
  });
  afterAll(async () => {
    await context?.destroy();
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers 503 with a JSON error while connections are refused, and heals by itself when they are allowed', async () => {
    const { client } = await signUp(context.app, { email: 'outage@example.com' });

    // Refuse new connections and end the open ones, as a database restart or failover does.
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
    const during = await probe(client);
    for (const response of [during.session, during.organizations]) {
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is not answering. Try again in a moment.',
        requestId: response.headers.get('x-request-id'),
      });
    }
    expect(during.ready.status).toBe(503);
    expect(during.ready.body).toEqual({ status: 'unavailable', checks: { database: 'down' } });
    expect(during.live.status).toBe(200);

    await admin.query(`alter database ${name} allow_connections true`);
    const after = await probe(client);
    expect(after.session.body?.user.email).toBe('outage@example.com');
    expect(after.organizations.status).toBe(200);
    expect(after.ready.body).toEqual({ status: 'ready', checks: { database: 'up' } });
  });
});

/**
 * Sessions live in Redis when it is configured, so without Redis nobody can be recognised: the
 * server refuses (503) rather than guess, and recovers once Redis is back (sessions kept only in
 * memory by that Redis are gone, so people sign in again).
 */
describe('a Redis outage', () => {
  let redis: ChildProcess | undefined;
  let port: number;
  let context: TestContext;
  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() !== undefined));
        socket.on('error', () => resolve(false));
      });
      if (open) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('redis-server did not start (is it installed?)');
  };
  const stopRedis = async () => {
    if (!redis || redis.exitCode !== null) return;
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    context = await createTestContext('sqlite', { env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await context?.destroy();
    await stopRedis();
  });

  it('refuses with 503 while Redis is away, then serves again without a restart', async () => {
    const { client } = await signUp(context.app, { email: 'cache@example.com', password: 'cache-password-1' });

    await stopRedis();
    const during = await probe(client);
    expect(during.session.status).toBe(503);
    expect(during.session.body?.code).toBe('SERVICE_UNAVAILABLE');
    expect(during.organizations.status).toBe(503);
    expect(during.ready.body).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });

    await startRedis();
    await expect
      .poll(async () => (await client.get('/api/v1/health/ready')).status, { timeout: 10_000, interval: 200 })
      .toBe(200);
    const again = await signIn(context.app, 'cache@example.com', 'cache-password-1');
    expect((await again.get('/api/auth/get-session')).body?.user.email).toBe('cache@example.com');
  });
});
