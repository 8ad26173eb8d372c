import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/http-client';
import { createTestContext, TEST_REDIS_URL, type TestContext } from '../testing/test-context';

/** With REDIS_URL, sessions live in Redis, so several instances share them and revocation is immediate. */
describe('sessions in Redis', () => {
  const prefix = `gatehouse-test-${crypto.randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      throw new Error(
        `Redis is not reachable at ${TEST_REDIS_URL} (${String(error)}). Start it (redis-server --daemonize yes) or set TEST_REDIS_URL.`,
      );
    }
    const env = { REDIS_URL: TEST_REDIS_URL };
    first = await createTestContext('postgres', { env, redisKeyPrefix: prefix });
    // A second instance on the same database and Redis, as behind a load balancer.
    const reuse = { dataDir: first.dataDir, postgresSchema: first.postgresSchema! };
    second = await createTestContext('postgres', { env, redisKeyPrefix: prefix, reuse });
  });

  afterAll(async () => {
    await second?.destroy();
    await first?.destroy();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares a session across instances and ends it everywhere on sign-out', async () => {
    const client = new TestClient(first.app);
    const signUp = await client.post('/api/auth/sign-up/email', {
      email: 'shared@example.com',
      password: 'shared-password-1',
      name: 'Shared',
    });
    expect(signUp.status).toBe(200);
    expect((await redis.keys(`${prefix}gatehouse:*`)).length).toBeGreaterThan(0);

    const onSecond = await new TestClient(second.app).get('/api/auth/get-session', { cookie: client.cookieHeader });
    expect(onSecond.body.user.email).toBe('shared@example.com');

    const cookie = client.cookieHeader;
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    const afterSignOut = await new TestClient(second.app).get('/api/auth/get-session', { cookie });
    expect(afterSignOut.body).toBeNull();
  });
});
