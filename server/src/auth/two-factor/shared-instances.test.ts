import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { sharedInstancesPerSuite } from '#test/suite';
import { totpCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE } from '#test/two-factor';

const PASSWORD = 'user-password-1';

/** Behind a load balancer with Redis: the second step and its limits hold whichever instance answers. */
describe('two-factor sign-in across instances sharing Redis', () => {
  const instances = sharedInstancesPerSuite('postgres', { secondEnv: ADMIN_ENV });

  it('takes the code on another instance than the password, once, and trusts the device on both', async () => {
    const { client } = await signUp(instances.first.app, { email: 'balanced@example.com' });
    const { secret } = await enableTwoFactor(client);

    const first = new TestClient(instances.first.app);
    const challenged = await first.post('/api/auth/sign-in/email', {
      email: 'balanced@example.com',
      password: PASSWORD,
    });
    expect(challenged.body.twoFactorRedirect).toBe(true);

    // The same browser, its next request sent to the other instance.
    const second = new TestClient(instances.second.app);
    const verified = await second.request('POST', '/api/auth/two-factor/verify-totp', {
      json: { code: totpCode(secret), trustDevice: true },
      headers: { cookie: first.cookieHeader },
    });
    expect(verified.status, verified.text).toBe(200);
    expect(second.cookie(SESSION_COOKIE)).toBeDefined();
    // The step is spent: its cookie, replayed on the first instance, signs nobody in.
    const replayed = await first.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(replayed.status).toBe(401);

    // The trusted device skips the code on the first instance too.
    const again = await new TestClient(instances.first.app).request('POST', '/api/auth/sign-in/email', {
      json: { email: 'balanced@example.com', password: PASSWORD },
      headers: { cookie: second.cookieHeader },
    });
    expect(again.status).toBe(200);
    expect(again.body.twoFactorRedirect).toBeUndefined();
  });

  it('lets one code through once, when two sign-ins send it at once to the two instances', async () => {
    const { client } = await signUp(instances.first.app, { email: 'raced-balanced@example.com' });
    const { secret } = await enableTwoFactor(client);
    const apps = [instances.first.app, instances.second.app];
    const browsers = apps.map((app) => new TestClient(app));
    for (const browser of browsers) {
      const challenged = await browser.post('/api/auth/sign-in/email', {
        email: 'raced-balanced@example.com',
        password: PASSWORD,
      });
      expect(challenged.body.twoFactorRedirect).toBe(true);
    }
    const code = totpCode(secret);
    const answers = await Promise.all(
      browsers.map((browser) => browser.post('/api/auth/two-factor/verify-totp', { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('asks a device trusted on one instance for the code after a password change on the other', async () => {
    const { client } = await signUp(instances.first.app, { email: 'trust-balanced@example.com' });
    const { secret } = await enableTwoFactor(client);
    const device = new TestClient(instances.first.app);
    await device.post('/api/auth/sign-in/email', { email: 'trust-balanced@example.com', password: PASSWORD });
    const trusted = await device.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
      trustDevice: true,
    });
    expect(trusted.status, trusted.text).toBe(200);
    await device.post('/api/auth/sign-out');

    const owner = new TestClient(instances.second.app);
    const changed = await owner.request('POST', '/api/auth/change-password', {
      json: { currentPassword: PASSWORD, newPassword: 'user-password-2' },
      headers: { cookie: client.cookieHeader },
    });
    expect(changed.status, changed.text).toBe(200);
    const again = await device.post('/api/auth/sign-in/email', {
      email: 'trust-balanced@example.com',
      password: 'user-password-2',
    });
    expect(again.body.twoFactorRedirect).toBe(true);
    expect(device.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("ends the user's sessions on every instance when an admin resets two-factor", async () => {
    const { client, id } = await signUp(instances.first.app, { email: 'reset-balanced@example.com' });
    await enableTwoFactor(client);
    const admin = await signInAdmin(instances.second.app);
    expect((await admin.post(`/api/v1/admin/users/${id}/two-factor/reset`)).status).toBe(200);
    for (const instance of [instances.first, instances.second]) {
      const session = await new TestClient(instance.app).get('/api/auth/get-session', { cookie: client.cookieHeader });
      expect(session.body).toBeNull();
    }
  });
});
