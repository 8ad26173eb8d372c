import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { pngForm } from '#test/images';
import { sharedInstancesPerSuite } from '#test/suite';

/** With REDIS_URL, sessions live in Redis, so several instances share them and revocation is immediate. */
describe('sessions in Redis', () => {
  // A second instance on the same database and Redis, as behind a load balancer.
  const instances = sharedInstancesPerSuite('postgres', { secondEnv: ADMIN_ENV });

  it('shares a session across instances and ends it everywhere on sign-out', async () => {
    const { client } = await signUp(instances.first.app, { email: 'shared@example.com' });
    expect((await instances.redis.redis.keys(`${instances.redis.prefix}gatehouse:*`)).length).toBeGreaterThan(0);

    const onSecond = await new TestClient(instances.second.app).get('/api/auth/get-session', {
      cookie: client.cookieHeader,
    });
    expect(onSecond.body?.user.email).toBe('shared@example.com');

    const cookie = client.cookieHeader;
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    const afterSignOut = await new TestClient(instances.second.app).get('/api/auth/get-session', { cookie });
    expect(afterSignOut.body).toBeNull();
  });

  it('ends a session everywhere when an admin on another instance bans the user', async () => {
    const { client: user, id: userId } = await signUp(instances.first.app, { email: 'banned@example.com' });
    const admin = await signInAdmin(instances.second.app);
    expect((await admin.post('/api/auth/admin/ban-user', { userId, banReason: 'spam' })).status).toBe(200);
    for (const instance of [instances.first, instances.second]) {
      expect(
        (await new TestClient(instance.app).get('/api/auth/get-session', { cookie: user.cookieHeader })).body,
      ).toBeNull();
    }
  });

  it('serves an avatar uploaded on one instance from the other', async () => {
    const { client: user } = await signUp(instances.first.app, { email: 'avatar@example.com' });
    const uploaded = await user.request('POST', '/api/v1/files/upload', { body: await pngForm({}, 40) });
    expect(uploaded.status).toBe(201);
    const served = await new TestClient(instances.second.app).get(new URL(uploaded.body.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });
});
