import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';

const RESET_PAGE = `${TEST_ORIGIN}/reset-password`;
const RESET_SUBJECT = 'Reset your Gatehouse password';
const CHANGED_SUBJECT = 'Your Gatehouse password was changed';
const EVIL = 'https://evil.example';

/** The calls of the reset flow, as the console's pages and a browser following the mail make them. */
function resetFlow(context: () => TestContext) {
  const client = () => new TestClient(context().app);
  const mails = (to: string, subject: string) =>
    context()
      .mailer.outbox!.list(to)
      .filter((mail) => mail.subject === subject);
  return {
    client,
    mails,
    request: (email: unknown, body: Record<string, unknown> = { redirectTo: RESET_PAGE }) =>
      client().post('/api/auth/request-password-reset', { email, ...body }),
    /** Follows the newest reset link to `to` as a browser would: where Better Auth sends it. */
    follow: async (to: string) => {
      const link = new URL(mails(to, RESET_SUBJECT)[0]!.links[0]!);
      const landed = await client().get(`${link.pathname}${link.search}`);
      expect(landed.status).toBe(302);
      return new URL(landed.headers.get('location')!);
    },
    reset: (token: unknown, newPassword: unknown, by = client()) =>
      by.post('/api/auth/reset-password', { token, newPassword }),
    signInStatus: async (email: string, password: string) =>
      (await client().post('/api/auth/sign-in/email', { email, password })).status,
  };
}

describe.each(ENGINES)('password reset on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const flow = resetFlow(() => suite.context);

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    await signUp(suite.context.app, { email: 'known@example.com', name: 'Known' });
    const known = await flow.request('Known@Example.com');
    const unknown = await flow.request('nobody@example.com');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    expect(known.text).toBe(unknown.text);
    expect(flow.mails('nobody@example.com', RESET_SUBJECT)).toEqual([]);

    const [mail] = flow.mails('known@example.com', RESET_SUBJECT);
    expect(mail!.text).toContain('Hello Known,');
    expect(mail!.text).toContain('works once, within 1 hour');
    expect(mail!.links[0]).toMatch(
      new RegExp(
        `^${TEST_ORIGIN}/api/auth/reset-password/[A-Za-z0-9]+\\?callbackURL=${encodeURIComponent(RESET_PAGE)}$`,
      ),
    );
  });

  it("sends no link for a guest's made-up address, and answers as for any other", async () => {
    const guest = new TestClient(suite.context.app);
    const signedIn = await guest.post('/api/auth/sign-in/anonymous');
    const email = signedIn.body.user.email as string;
    const answer = await flow.request(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await flow.request('nobody-else@example.com')).body);
    expect(flow.mails(email, RESET_SUBJECT)).toEqual([]);
  });

  it('sets the new password once through the mailed link, ends every session, and mails a notice', async () => {
    const email = 'reset@example.com';
    const { client: first } = await signUp(suite.context.app, { email, password: 'old-password-1', name: 'Reset' });
    const second = await signIn(suite.context.app, email, 'old-password-1');
    await flow.request(email);

    const landed = await flow.follow(email);
    expect(`${landed.origin}${landed.pathname}`).toBe(RESET_PAGE);
    const token = landed.searchParams.get('token');
    expect(token).toBeTruthy();

    // A refused password spends nothing: the same link still works.
    const short = await flow.reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    // Sent from a browser that is signed in to the account: it is signed out with the others.
    const done = await flow.reset(token, 'new-password-1', first);
    expect(done.status, done.text).toBe(200);

    expect((await first.get('/api/auth/get-session')).body).toBeNull();
    expect((await second.get('/api/auth/get-session')).body).toBeNull();
    expect(await flow.signInStatus(email, 'old-password-1')).toBe(401);
    expect(await flow.signInStatus(email, 'new-password-1')).toBe(200);

    const again = await flow.reset(token, 'other-password-1');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    const used = await flow.follow(email);
    expect(`${used.origin}${used.pathname}`).toBe(RESET_PAGE);
    expect(used.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(used.searchParams.get('token')).toBeNull();
    expect(await flow.signInStatus(email, 'new-password-1')).toBe(200);

    const [notice] = flow.mails(email, CHANGED_SUBJECT);
    expect(notice!.text).toContain('was reset with a link mailed to this address');
    expect(notice!.text).toContain('Every session of the account has been signed out.');
    expect(notice!.links).toContain(`${TEST_ORIGIN}/forgot-password`);
  });

  it('refuses an expired link, and keeps the password', async () => {
    const email = 'expired@example.com';
    await signUp(suite.context.app, { email, password: 'kept-password-1' });
    await flow.request(email);
    const token = (await flow.follow(email)).searchParams.get('token')!;
    const { internalAdapter } = await suite.context.auth.$context;
    await internalAdapter.updateVerificationByIdentifier(`reset-password:${token}`, {
      expiresAt: new Date(Date.now() - 1000),
    });

    expect((await flow.follow(email)).searchParams.get('error')).toBe('INVALID_TOKEN');
    const refused = await flow.reset(token, 'new-password-1');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_TOKEN');
    expect(await flow.signInStatus(email, 'kept-password-1')).toBe(200);
  });

  it('sets a first password for an account made without one', async () => {
    const email = 'passwordless@example.com';
    const admin = await signInAdmin(suite.context.app);
    const created = await admin.post('/api/auth/admin/create-user', { email, name: 'Passwordless', role: 'user' });
    expect(created.status, created.text).toBe(200);
    await flow.request(email);
    const token = (await flow.follow(email)).searchParams.get('token');
    expect((await flow.reset(token, 'first-password-1')).status).toBe(200);
    expect(await flow.signInStatus(email, 'first-password-1')).toBe(200);
  });

  it('refuses a made-up token, and inputs of the wrong type', async () => {
    expect((await flow.reset('not-a-token', 'new-password-1')).body.code).toBe('INVALID_TOKEN');
    expect((await flow.reset(undefined, 'new-password-1')).status).toBe(400);
    expect((await flow.reset(['a'], 'new-password-1')).status).toBe(400);
    expect((await flow.reset('not-a-token', 12345678)).status).toBe(400);
    expect((await flow.request(42)).status).toBe(400);
    expect((await flow.request({ email: 'a@example.com' })).status).toBe(400);
    expect((await flow.request('not an address')).status).toBe(400);
  });

  it("points the link at the console's page when the caller names none, and never at a foreign page", async () => {
    const email = 'script@example.com';
    await signUp(suite.context.app, { email });
    expect((await flow.request(email, {})).status).toBe(200);
    expect(flow.mails(email, RESET_SUBJECT)[0]!.links[0]).toContain(`?callbackURL=${encodeURIComponent(RESET_PAGE)}`);

    const foreign = await flow.request(email, { redirectTo: `${EVIL}/steal` });
    expect(foreign.status).toBe(403);
    expect(flow.mails(email, RESET_SUBJECT)).toHaveLength(1);
  });

  it('refuses both calls from a page on another site', async () => {
    const email = 'foreign@example.com';
    await signUp(suite.context.app, { email });
    const fromEvil = { origin: EVIL };
    const asked = await flow
      .client()
      .post('/api/auth/request-password-reset', { email, redirectTo: RESET_PAGE }, fromEvil);
    expect(asked.status).toBe(403);
    expect(asked.body.code).toBe('INVALID_ORIGIN');
    expect(flow.mails(email, RESET_SUBJECT)).toEqual([]);

    await flow.request(email);
    const token = (await flow.follow(email)).searchParams.get('token');
    const reset = await flow
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'evil-password-1' }, fromEvil);
    expect(reset.status).toBe(403);
    expect(await flow.signInStatus(email, 'user-password-1')).toBe(200);
  });
});

describe.each(ENGINES)('password reset on two instances sharing Redis (%s)', (engine) => {
  const instances = sharedInstancesPerSuite(engine);

  it('asked on one instance, used on the other, ends the sessions both know', async () => {
    const { first, second } = instances;
    const email = 'shared-reset@example.com';
    const { client: onFirst } = await signUp(first.app, { email, password: 'old-password-1' });
    const onSecond = await signIn(second.app, email, 'old-password-1');
    expect((await onSecond.get('/api/auth/get-session')).body?.user.email).toBe(email);

    await resetFlow(() => first).request(email);
    const token = (await resetFlow(() => first).follow(email)).searchParams.get('token');
    expect((await resetFlow(() => second).reset(token, 'new-password-1')).status).toBe(200);

    expect((await onFirst.get('/api/auth/get-session')).body).toBeNull();
    expect((await onSecond.get('/api/auth/get-session')).body).toBeNull();
    expect(await resetFlow(() => first).signInStatus(email, 'new-password-1')).toBe(200);
  });
});
