import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/http-client';
import { createSharedInstances, type TestContext } from '../testing/test-context';

const ADMIN = { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' };

/** With REDIS_URL, sessions live in Redis, so several instances share them and revocation is immediate. */
describe('sessions in Redis', () => {
  let instances: Awaited<ReturnType<typeof createSharedInstances>>;
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    // A second instance on the same database and Redis, as behind a load balancer.
    instances = await createSharedInstances('postgres', { secondEnv: ADMIN });
    ({ first, second } = instances);
  });

  afterAll(async () => instances?.destroy());

  it('shares a session across instances and ends it everywhere on sign-out', async () => {
    const client = new TestClient(first.app);
    const signUp = await client.post('/api/auth/sign-up/email', {
      email: 'shared@example.com',
      password: 'shared-password-1',
      name: 'Shared',
    });
    expect(signUp.status).toBe(200);
    expect((await instances.redis.redis.keys(`${instances.redis.prefix}gatehouse:*`)).length).toBeGreaterThan(0);

    const onSecond = await new TestClient(second.app).get('/api/auth/get-session', { cookie: client.cookieHeader });
    expect(onSecond.body.user.email).toBe('shared@example.com');

    const cookie = client.cookieHeader;
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    const afterSignOut = await new TestClient(second.app).get('/api/auth/get-session', { cookie });
    expect(afterSignOut.body).toBeNull();
  });

  it('ends a session everywhere when an admin on another instance bans the user', async () => {
    const user = new TestClient(first.app);
    const userId = (
      await user.post('/api/auth/sign-up/email', {
        email: 'banned@example.com',
        password: 'banned-password-1',
        name: 'B',
      })
    ).body.user.id;
    const admin = new TestClient(second.app);
    await admin.post('/api/auth/sign-in/email', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
    expect((await admin.post('/api/auth/admin/ban-user', { userId, banReason: 'spam' })).status).toBe(200);
    for (const instance of [first, second]) {
      expect(
        (await new TestClient(instance.app).get('/api/auth/get-session', { cookie: user.cookieHeader })).body,
      ).toBeNull();
    }
  });

  it('serves an avatar uploaded on one instance from the other', async () => {
    const user = new TestClient(first.app);
    await user.post('/api/auth/sign-up/email', {
      email: 'avatar@example.com',
      password: 'avatar-password-1',
      name: 'A',
    });
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }));
    const uploaded = await user.request('POST', '/api/v1/files/upload', { body: form });
    expect(uploaded.status).toBe(201);
    const served = await new TestClient(second.app).get(new URL(uploaded.body.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });
});
