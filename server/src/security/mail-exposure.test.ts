import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/http-client';
import { createTestContext, type TestContext } from '../testing/test-context';

describe('ASVS V6 authentication: mail that carries sign-in links', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext('sqlite', {
      env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' },
    });
  });
  afterAll(async () => context?.destroy());

  it('keeps mail in an outbox only platform admins read; there is no open mailbox', async () => {
    const user = new TestClient(context.app);
    await user.post('/api/auth/sign-up/email', {
      email: 'kept@example.com',
      password: 'kept-password-1',
      name: 'Kept',
    });
    expect((await user.post('/api/auth/send-verification-email', { email: 'kept@example.com' })).status).toBe(200);

    const stranger = new TestClient(context.app);
    for (const path of ['/api/v1/dev/mailbox', '/dev/mailbox', '/api/v1/admin/outbox']) {
      expect((await stranger.get(path)).status).toBeGreaterThanOrEqual(400);
    }
    expect((await stranger.request('DELETE', '/api/v1/dev/mailbox')).status).toBe(404);
    expect((await user.get('/api/v1/admin/outbox')).status).toBe(403);

    const admin = new TestClient(context.app);
    await admin.post('/api/auth/sign-in/email', { email: 'root@example.com', password: 'root-password-1' });
    const outbox = await admin.get('/api/v1/admin/outbox?to=kept@example.com');
    expect(outbox.status).toBe(200);
    expect(outbox.body.data).toMatchObject([{ to: 'kept@example.com', subject: 'Verify your email address' }]);
    expect(outbox.body.data[0].links[0]).toContain('/api/auth/verify-email?token=');
  });

  it('opens the development mailbox only on the explicit unsafe opt-in', async () => {
    const open = await createTestContext('sqlite', { env: { UNSAFE_DEV_MAILBOX: 'true' } });
    try {
      const visitor = new TestClient(open.app);
      expect((await visitor.get('/api/v1/dev/mailbox')).body).toEqual({ messages: [] });
      expect((await visitor.get('/dev/mailbox')).text).toContain('UNSAFE_DEV_MAILBOX=true');
    } finally {
      await open.destroy();
    }
  });
});
