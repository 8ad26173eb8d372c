import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp, withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';

describe('ASVS V6 authentication: mail that carries sign-in links', () => {
  const suite = contextPerSuite('sqlite', { env: ADMIN_ENV });

  it('keeps mail in an outbox only platform admins read; there is no open mailbox', async () => {
    const { context } = suite;
    const { client: user } = await signUp(context.app, { email: 'kept@example.com' });
    expect((await user.post('/api/auth/send-verification-email', { email: 'kept@example.com' })).status).toBe(200);

    const stranger = new TestClient(context.app);
    for (const path of ['/api/v1/dev/mailbox', '/dev/mailbox', '/api/v1/admin/outbox']) {
      expect((await stranger.get(path)).status).toBeGreaterThanOrEqual(400);
    }
    expect((await stranger.request('DELETE', '/api/v1/dev/mailbox')).status).toBe(404);
    expect((await user.get('/api/v1/admin/outbox')).status).toBe(403);

    const admin = await signInAdmin(context.app);
    const outbox = await admin.get('/api/v1/admin/outbox?to=kept@example.com');
    expect(outbox.status).toBe(200);
    expect(outbox.body.data).toMatchObject([{ to: 'kept@example.com', subject: 'Verify your email address' }]);
    expect(outbox.body.data[0]!.links[0]).toContain('/api/auth/verify-email?token=');
  });

  it('opens the development mailbox only on the explicit unsafe opt-in', async () => {
    await withTestContext('sqlite', { env: { UNSAFE_DEV_MAILBOX: 'true' } }, async (open) => {
      const visitor = new TestClient(open.app);
      expect((await visitor.get('/api/v1/dev/mailbox')).body).toEqual({ data: [] });
      expect((await visitor.get('/dev/mailbox')).text).toContain('UNSAFE_DEV_MAILBOX=true');
    });
  });
});
