import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp, verifyEmail } from '#test/accounts';
import { TestClient } from '#test/http-client';
import {
  PROVIDER_ID,
  PROVIDER_LABEL,
  startIdentityProvider,
  type IdentityProviderServer,
} from '#test/identity-provider';
import { linkThroughProvider, signInThroughProvider } from '#test/provider-sign-in';
import { png } from '#test/images';
import { countRows } from '#test/rows';
import { totpCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE } from '#test/two-factor';
import { SECOND_FACTOR_PAGE } from '../two-factor/hold-for-second-factor';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import {
  authorizationRequest,
  exchangeCode,
  registerTestApplication,
  relyingParty,
  TEST_REDIRECT_URI,
} from '#test/openid';

const provider: { server?: IdentityProviderServer; pictures?: http.Server; picturesUrl?: string } = {};
beforeAll(async () => {
  provider.server = await startIdentityProvider();
  // The provider's picture host: a PNG at /photo.png, nothing elsewhere.
  const photo = await png(64);
  provider.pictures = http.createServer((request, response) => {
    if (request.url === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => provider.pictures!.listen(0, '127.0.0.1', resolve));
  provider.picturesUrl = `http://127.0.0.1:${(provider.pictures.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await provider.server?.stop();
  provider.pictures?.close();
});

describe.each(ENGINES)('sign-in through an OpenID provider on %s', (engine) => {
  // The environment is read when the suite starts, once the provider listens.
  const suite = contextPerSuite(engine, {
    get env() {
      return provider.server!.env;
    },
  });
  const idp = () => provider.server!;
  let serial = 0;
  const person = (verified = true) => {
    const n = `${engine}-${++serial}`;
    return { sub: `sub-${n}`, email: `person-${n}@example.com`, email_verified: verified, name: `Person ${n}` };
  };
  const userOf = (email: string) =>
    suite.context.database.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
  const accountsOf = (userId: string) =>
    suite.context.database.db
      .selectFrom('account')
      .select(['id', 'providerId', 'accountId', 'providerEmail'])
      .where('userId', '=', userId)
      .execute();

  it('lists the configured provider for the sign-in screen', async () => {
    const answer = await new TestClient(suite.context.app).get('/api/v1/sign-in-options');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { providers: [{ id: PROVIDER_ID, label: PROVIDER_LABEL }], emailSignIn: { link: false, code: false } },
    });
  });

  it('signs up a new person whose address the provider verified, then signs them in again', async () => {
    const someone = person();
    idp().signsInAs(someone);
    const browser = new TestClient(suite.context.app);
    const landed = await signInThroughProvider(browser);
    expect(landed).toMatchObject({ status: 302, error: null });
    expect(landed.location).toBe('/profile');
    const session = await browser.get('/api/auth/get-session');
    expect(session.body?.user.email).toBe(someone.email);
    const user = await userOf(someone.email);
    expect(user).toMatchObject({ name: someone.name, emailVerified: expect.anything() });
    expect(Boolean(Number(user!.emailVerified))).toBe(true);
    expect(await accountsOf(user!.id)).toEqual([
      { id: expect.any(String), providerId: PROVIDER_ID, accountId: someone.sub, providerEmail: someone.email },
    ]);

    const again = new TestClient(suite.context.app);
    const users = await countRows(suite.context, 'user');
    expect(await signInThroughProvider(again)).toMatchObject({ status: 302, error: null, location: '/profile' });
    expect((await again.get('/api/auth/get-session')).body?.user.id).toBe(user!.id);
    expect(await countRows(suite.context, 'user')).toBe(users);
  });

  it('signs up a person whose address the provider did not verify, unverified', async () => {
    const someone = person(false);
    idp().signsInAs(someone);
    const browser = new TestClient(suite.context.app);
    expect(await signInThroughProvider(browser)).toMatchObject({ status: 302, error: null });
    const user = await userOf(someone.email);
    expect(user).toBeDefined();
    expect(Boolean(Number(user!.emailVerified))).toBe(false);
  });

  it('joins an existing account when both sides verified the same address', async () => {
    const someone = person();
    const local = await signUp(suite.context.app, { email: someone.email });
    await verifyEmail(suite.context, local.client, someone.email);
    idp().signsInAs(someone);
    const browser = new TestClient(suite.context.app);
    expect(await signInThroughProvider(browser)).toMatchObject({ status: 302, error: null });
    expect((await browser.get('/api/auth/get-session')).body?.user.id).toBe(local.id);
    expect((await accountsOf(local.id)).map((account) => account.providerId).sort()).toEqual(
      ['credential', PROVIDER_ID].sort(),
    );
  });

  it('asks for the second factor of an account that has one on; a trusted device skips it', async () => {
    const someone = person();
    const local = await signUp(suite.context.app, { email: someone.email });
    await verifyEmail(suite.context, local.client, someone.email);
    const { secret } = await enableTwoFactor(local.client);
    idp().signsInAs(someone);
    const browser = new TestClient(suite.context.app);
    expect(await signInThroughProvider(browser)).toMatchObject({
      status: 302,
      error: null,
      location: `${TEST_ORIGIN}${SECOND_FACTOR_PAGE}`,
    });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.get('/api/auth/get-session')).body).toBeNull();
    const verified = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
      trustDevice: true,
    });
    expect(verified.status, verified.text).toBe(200);
    expect((await browser.get('/api/auth/get-session')).body?.user.id).toBe(local.id);

    await browser.post('/api/auth/sign-out');
    idp().signsInAs(someone);
    expect(await signInThroughProvider(browser)).toMatchObject({ status: 302, error: null, location: '/profile' });
    expect((await browser.get('/api/auth/get-session')).body?.user.id).toBe(local.id);

    await suite.context.auth.settle();
    const held = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['outcome', 'details'])
      .where('action', '=', 'user.sign_in')
      .where('targetUserId', '=', local.id)
      .execute();
    expect(held.map((event) => event.outcome)).toContain('pending');
  });

  it('takes the provider’s picture through the avatar pipeline', async () => {
    const someone = { ...person(), picture: `${provider.picturesUrl}/photo.png` };
    idp().signsInAs(someone);
    expect(await signInThroughProvider(new TestClient(suite.context.app))).toMatchObject({ error: null });
    const user = await userOf(someone.email);
    expect(user!.image).toMatch(/\/api\/v1\/files\/[\w-]+$/);
    const served = await new TestClient(suite.context.app).get(new URL(user!.image!).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('makes the account without a picture it cannot fetch', async () => {
    const someone = { ...person(), picture: `${provider.picturesUrl}/missing.png` };
    idp().signsInAs(someone);
    const files = await countRows(suite.context, 'file');
    expect(await signInThroughProvider(new TestClient(suite.context.app))).toMatchObject({ error: null });
    const user = await userOf(someone.email);
    expect(user).toBeDefined();
    expect(user!.image).toBeNull();
    expect(await countRows(suite.context, 'file')).toBe(files);
  });

  it('links from a signed-in session, lists it, and unlinks it', async () => {
    const someone = person();
    const local = await signUp(suite.context.app, { email: someone.email });
    await verifyEmail(suite.context, local.client, someone.email);
    const before = await local.client.get('/api/v1/me/linked-accounts');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      accounts: [],
      available: [{ id: PROVIDER_ID, label: PROVIDER_LABEL }],
      canUnlink: false,
    });

    idp().signsInAs(someone);
    expect(await linkThroughProvider(local.client)).toMatchObject({ status: 302, error: null, location: '/profile' });
    const linked = await local.client.get('/api/v1/me/linked-accounts');
    expect(linked.body.data).toEqual({
      accounts: [
        {
          id: expect.any(String),
          providerId: PROVIDER_ID,
          label: PROVIDER_LABEL,
          email: someone.email,
          linkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
      available: [],
      canUnlink: true,
    });

    const accountId = linked.body.data.accounts[0]!.id;
    const unlinked = await local.client.post('/api/auth/unlink-account', { accountId });
    expect(unlinked.status, unlinked.text).toBe(200);
    expect((await accountsOf(local.id)).map((account) => account.providerId)).toEqual(['credential']);
  });

  it('keeps a guest’s work when the guest signs in through the provider', async () => {
    const guest = new TestClient(suite.context.app);
    const signedIn = await guest.post('/api/auth/sign-in/anonymous');
    expect(signedIn.status).toBe(200);
    const guestId = signedIn.body.user.id as string;
    const created = await guest.post('/api/auth/organization/create', {
      name: `Guest work ${serial}`,
      slug: `guest-work-${engine}-${serial}`,
    });
    expect(created.status, created.text).toBe(200);

    const someone = person();
    idp().signsInAs(someone);
    expect(await signInThroughProvider(guest)).toMatchObject({ status: 302, error: null });
    const user = await userOf(someone.email);
    expect((await guest.get('/api/auth/get-session')).body?.user.id).toBe(user!.id);
    const members = await suite.context.database.db
      .selectFrom('member')
      .select('userId')
      .where('organizationId', '=', created.body.id)
      .execute();
    expect(members).toEqual([{ userId: user!.id }]);
    expect(await suite.context.database.db.selectFrom('user').select('id').where('id', '=', guestId).execute()).toEqual(
      [],
    );
  });

  it('keeps a guest’s work through the provider into an account that asks for its second factor', async () => {
    const someone = person();
    const local = await signUp(suite.context.app, { email: someone.email });
    await verifyEmail(suite.context, local.client, someone.email);
    const { secret } = await enableTwoFactor(local.client);
    const guest = new TestClient(suite.context.app);
    const guestId = (await guest.post('/api/auth/sign-in/anonymous')).body.user.id as string;
    const created = await guest.post('/api/auth/organization/create', {
      name: `Held guest work ${serial}`,
      slug: `held-guest-work-${engine}-${serial}`,
    });
    expect(created.status, created.text).toBe(200);

    idp().signsInAs(someone);
    expect(await signInThroughProvider(guest)).toMatchObject({ location: `${TEST_ORIGIN}${SECOND_FACTOR_PAGE}` });
    const verified = await guest.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(verified.status, verified.text).toBe(200);
    const members = await suite.context.database.db
      .selectFrom('member')
      .select('userId')
      .where('organizationId', '=', created.body.id)
      .execute();
    expect(members).toEqual([{ userId: local.id }]);
    expect(await suite.context.database.db.selectFrom('user').select('id').where('id', '=', guestId).execute()).toEqual(
      [],
    );
  });

  it('records sign-ups, sign-ins, links and unlinks with the provider', async () => {
    await suite.context.auth.settle();
    const events = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['action', 'outcome', 'details'])
      .where('action', 'in', ['user.sign_up', 'user.sign_in', 'account.link', 'account.unlink'])
      .execute();
    const seen = events.map((event) => {
      const details = JSON.parse(event.details ?? '{}') as { providerId?: string };
      return `${event.action}:${event.outcome}:${details.providerId ?? ''}`;
    });
    for (const expected of [
      `user.sign_up:success:${PROVIDER_ID}`,
      `user.sign_in:success:${PROVIDER_ID}`,
      `account.link:success:${PROVIDER_ID}`,
      `account.unlink:success:${PROVIDER_ID}`,
    ]) {
      expect(seen).toContain(expected);
    }
  });
});

describe('Google, GitHub and Microsoft', () => {
  const suite = contextPerSuite('sqlite', {
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      MICROSOFT_TENANT_ID: 'contoso.example',
    },
  });

  it('offers a button for each, in order, with its name', async () => {
    const answer = await new TestClient(suite.context.app).get('/api/v1/sign-in-options');
    expect(answer.body).toEqual({
      data: {
        providers: [
          { id: 'google', label: 'Google' },
          { id: 'github', label: 'GitHub' },
          { id: 'microsoft', label: 'Microsoft' },
        ],
        emailSignIn: { link: false, code: false },
      },
    });
  });

  it.each([
    ['google', 'https://accounts.google.com/', 'google-client'],
    ['github', 'https://github.com/login/oauth/authorize', 'github-client'],
    ['microsoft', 'https://login.microsoftonline.com/contoso.example/', 'microsoft-client'],
  ])('sends %s’s sign-in to its own page with our client, our callback and a state', async (id, page, clientId) => {
    const started = await new TestClient(suite.context.app).post<{ url: string }>('/api/auth/sign-in/social', {
      provider: id,
      callbackURL: '/profile',
    });
    expect(started.status, started.text).toBe(200);
    const url = new URL(started.body.url);
    expect(url.href.startsWith(page)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:3000/api/auth/callback/${id}`);
    expect(url.searchParams.get('state')).toEqual(expect.any(String));
  });
});

describe('an application’s sign-in through a provider', () => {
  const suite = contextPerSuite('sqlite', {
    get env() {
      return { ...ADMIN_ENV, ...provider.server!.env };
    },
  });

  it('goes on to the application once the provider sends the person back (its signed query sent at the start)', async () => {
    const { app } = suite.context;
    const application = await registerTestApplication(suite.context, await signInAdmin(app));
    const configuration = await relyingParty(app, application);
    const request = await authorizationRequest(configuration);
    const browser = new TestClient(app);
    const opened = await browser.get(`${request.url.pathname}${request.url.search}`);
    const signInPage = new URL(opened.headers.get('location')!, TEST_ORIGIN);
    expect(signInPage.pathname).toBe('/auth');

    provider.server!.signsInAs({ sub: 'app-person', email: 'app-person@example.com', email_verified: true });
    const started = await browser.post<{ url: string }>('/api/auth/sign-in/social', {
      provider: PROVIDER_ID,
      callbackURL: '/profile',
      errorCallbackURL: '/auth',
      oauth_query: signInPage.search.slice(1),
    });
    expect(started.status, started.text).toBe(200);
    const authorize = await fetch(started.body.url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    // The browser follows the provider's redirect as a navigation.
    const returned = await browser.get(`${callback.pathname}${callback.search}`, { 'sec-fetch-mode': 'navigate' });
    expect(returned.status, returned.text).toBe(302);
    const consent = new URL(returned.headers.get('location')!, TEST_ORIGIN);
    expect(consent.pathname).toBe('/consent');
    const consented = await browser.post<{ url: string }>('/api/auth/oauth2/consent', {
      accept: true,
      oauth_query: consent.search.slice(1),
    });
    expect(consented.status, consented.text).toBe(200);
    const code = new URL(consented.body.url);
    expect(`${code.origin}${code.pathname}`).toBe(TEST_REDIRECT_URI);
    expect((await exchangeCode(configuration, code, request)).access_token).toBeTruthy();
  });
});
