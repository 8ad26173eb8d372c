import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';

const RESET_PAGE = `${TEST_ORIGIN}/reset-password`;
const PASSWORD = 'user-password-1';

/** Reset links as their owner gets and uses them: each asked for, read from the inbox, then used. */
function links(context: () => TestContext) {
  /** Asks for a link and returns its token, as the page the mailed link lands on reads it. */
  const mailedToken = async (email: string) => {
    const asked = await new TestClient(context().app).post('/api/auth/request-password-reset', {
      email,
      redirectTo: RESET_PAGE,
    });
    expect(asked.status).toBe(200);
    const [mail] = context()
      .mailer.outbox!.list(email)
      .filter((sent) => sent.subject === 'Reset your Gatehouse password');
    return new URL(mail!.links[0]!).pathname.split('/').at(-1)!;
  };
  /** Where following the mailed link lands: the reset page with the token, or with an error. */
  const follow = async (token: string) => {
    const landed = await new TestClient(context().app).get(
      `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(RESET_PAGE)}`,
    );
    return new URL(landed.headers.get('location')!).searchParams;
  };
  const use = (token: string, newPassword: string) =>
    new TestClient(context().app).post('/api/auth/reset-password', { token, newPassword });
  /** The link is refused as a spent one, whether followed or used, and sets no password. */
  const expectRefused = async (token: string, email: string) => {
    expect((await follow(token)).get('error')).toBe('INVALID_TOKEN');
    const used = await use(token, 'late-password-1');
    expect(used.status).toBe(400);
    expect(used.body.code).toBe('INVALID_TOKEN');
    const signIn = await new TestClient(context().app).post('/api/auth/sign-in/email', {
      email,
      password: 'late-password-1',
    });
    expect(signIn.status).toBe(401);
  };
  return { mailedToken, follow, use, expectRefused };
}

describe.each(ENGINES)('ASVS V6 authentication: outstanding reset links on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const flow = links(() => suite.context);

  it('ends an older link once a newer one is used', async () => {
    const email = 'two-links@example.com';
    const { id } = await signUp(suite.context.app, { email, password: PASSWORD });
    // A verified account: no claim, only the reset (an unverified one is claimed, which ends them too).
    await (await suite.context.auth.$context).internalAdapter.updateUser(id, { emailVerified: true });
    const older = await flow.mailedToken(email);
    const newer = await flow.mailedToken(email);
    expect(newer).not.toBe(older);
    expect((await flow.follow(older)).get('token')).toBe(older);

    expect((await flow.use(newer, 'newer-password-1')).status).toBe(200);
    await flow.expectRefused(older, email);
  });

  it('ends a link once the password is changed on the profile', async () => {
    const email = 'changed-after-link@example.com';
    const { client } = await signUp(suite.context.app, { email, password: PASSWORD });
    const token = await flow.mailedToken(email);
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-password-1',
    });
    expect(changed.status, changed.text).toBe(200);
    await flow.expectRefused(token, email);
    // A link asked for after the change works.
    expect((await flow.use(await flow.mailedToken(email), 'after-change-1')).status).toBe(200);
  });

  it('ends a link once an admin sets the password', async () => {
    const email = 'admin-set-after-link@example.com';
    const { id } = await signUp(suite.context.app, { email, password: PASSWORD });
    const token = await flow.mailedToken(email);
    const admin = await signInAdmin(suite.context.app);
    const set = await admin.post('/api/auth/admin/set-user-password', { userId: id, newPassword: 'set-by-admin-1' });
    expect(set.status, set.text).toBe(200);
    await flow.expectRefused(token, email);
  });

  it('ends a link mailed to an address the account no longer has', async () => {
    const email = 'moved-after-link@example.com';
    const { client } = await signUp(suite.context.app, { email, password: PASSWORD });
    const token = await flow.mailedToken(email);
    const moved = await client.post('/api/auth/change-email', { newEmail: 'moved-elsewhere@example.com' });
    expect(moved.status, moved.text).toBe(200);
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe('moved-elsewhere@example.com');
    await flow.expectRefused(token, 'moved-elsewhere@example.com');
  });
});

describe('ASVS V6 authentication: outstanding reset links with Redis', () => {
  const instances = sharedInstancesPerSuite('sqlite');
  const flow = links(() => instances.first);

  it('ends an older link kept in Redis once a newer one is used on the other instance', async () => {
    const email = 'redis-links@example.com';
    await signUp(instances.first.app, { email, password: PASSWORD });
    const older = await flow.mailedToken(email);
    const newer = await flow.mailedToken(email);
    expect((await links(() => instances.second).use(newer, 'newer-password-1')).status).toBe(200);
    await flow.expectRefused(older, email);
  });
});
