import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { TEST_REDIRECT_URI } from '#test/openid';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';

const BASE = '/api/v1/admin/applications';
const VALID = { name: 'Valid', type: 'web', redirectUris: ['https://app.example/callback'] };

/** Nobody but a platform admin's own session reaches the application routes, and none takes a bad registration. */
describe.each(ENGINES)('admin application routes refuse (%s)', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let admin: TestClient;
  let user: TestClient;
  let guest: TestClient;
  let clientId: string;
  let requests: Array<[string, string, unknown?]>;
  let keyOf: { user: string; admin: string };

  beforeAll(async () => {
    const { app } = suite.context;
    admin = await signInAdmin(app);
    user = (await signUp(app, { email: `apps-user-${engine}@example.com` })).client;
    guest = new TestClient(app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    const created = await admin.post(BASE, VALID);
    expect(created.status, created.text).toBe(201);
    clientId = created.body.data.clientId;
    requests = [
      ['GET', BASE],
      ['POST', BASE, VALID],
      ['GET', `${BASE}/${clientId}`],
      ['PATCH', `${BASE}/${clientId}`, { disabled: true }],
      ['POST', `${BASE}/${clientId}/rotate-secret`],
      ['DELETE', `${BASE}/${clientId}`],
    ];
    const key = async (client: TestClient) => (await client.post('/api/auth/api-key/create', { name: 'k' })).body.key;
    keyOf = { user: await key(user), admin: await key(admin) };
  });

  /** The applications as the admin's list answers them: what a refused request must leave as it was. */
  const state = async () => (await admin.get(BASE)).body.data;
  async function outcomes(
    send: (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any }>,
    list = requests,
  ) {
    const before = await state();
    const got: string[] = [];
    for (const [method, path, json] of list) {
      const answer = await send(method, path, json);
      got.push(`${method} ${answer.status} ${answer.body?.code}`);
    }
    expect(await state()).toEqual(before);
    return got;
  }
  const every = (status: number, code: string, list = requests) =>
    list.map(([method]) => `${method} ${status} ${code}`);
  const as =
    (client: TestClient, headers: Record<string, string> = {}) =>
    (method: string, path: string, json?: unknown) =>
      client.request(method, path, { ...(json === undefined ? {} : { json }), headers });

  it('answers 401 with no session, and 403 to a signed-in person and to a guest', async () => {
    expect(await outcomes(as(new TestClient(suite.context.app)))).toEqual(every(401, 'UNAUTHORIZED'));
    expect(await outcomes(as(user))).toEqual(every(403, 'FORBIDDEN'));
    expect(await outcomes(as(guest))).toEqual(every(403, 'FORBIDDEN'));
  });

  it("refuses an API key, even an admin's", async () => {
    for (const key of [keyOf.user, keyOf.admin]) {
      expect(await outcomes(as(new TestClient(suite.context.app), { [API_KEY_HEADER]: key }))).toEqual(
        every(403, 'API_KEY_NOT_ALLOWED'),
      );
    }
  });

  it("refuses an admin's write from a foreign origin, or with cookies and no origin at all", async () => {
    const writes = requests.filter(([method]) => method !== 'GET');
    expect(await outcomes(as(admin, { origin: 'https://evil.example' }), writes)).toEqual(
      every(403, 'INVALID_ORIGIN', writes),
    );
    const bare = async (method: string, path: string, json?: unknown) => {
      const response = await suite.context.app.fetch(
        new Request(`${TEST_ORIGIN}${path}`, {
          method,
          headers: { cookie: admin.cookieHeader, 'content-type': 'application/json' },
          body: json === undefined ? null : JSON.stringify(json),
        }),
      );
      return { status: response.status, body: await response.json() };
    };
    expect(await outcomes(bare, writes)).toEqual(every(403, 'INVALID_ORIGIN', writes));
  });

  it('answers 404 APPLICATION_NOT_FOUND for an id that is not an application', async () => {
    const other = 'no-such-application';
    const unknown: Array<[string, string, unknown?]> = [
      ['GET', `${BASE}/${other}`],
      ['PATCH', `${BASE}/${other}`, { name: 'x' }],
      ['POST', `${BASE}/${other}/rotate-secret`],
      ['DELETE', `${BASE}/${other}`],
    ];
    expect(await outcomes(as(admin), unknown)).toEqual(every(404, 'APPLICATION_NOT_FOUND', unknown));
  });

  it('refuses a registration the rules refuse, with the rule in the one error shape', async () => {
    const uris = (count: number) => Array.from({ length: count }, (_, i) => `https://app.example/cb/${i}`);
    const cases: Array<[unknown, string]> = [
      [{ ...VALID, type: 'server' }, 'Invalid option'],
      [{ ...VALID, name: 5 }, 'expected string'],
      [{ ...VALID, name: '   ' }, 'Enter a name'],
      [{ ...VALID, redirectUris: 'https://app.example/callback' }, 'expected array'],
      [{ ...VALID, redirectUris: [] }, 'Add at least one redirect URI'],
      [{ ...VALID, redirectUris: ['http://app.example/callback'] }, 'Must use https'],
      [{ ...VALID, redirectUris: ['https://app.example/callback#x'] }, 'Must not contain a fragment (#)'],
      [{ ...VALID, redirectUris: ['javascript:alert(1)'] }, 'Must use https'],
      [{ ...VALID, redirectUris: ['https://user:pw@app.example/cb'] }, 'Must not contain a user name or password'],
      [{ ...VALID, redirectUris: uris(11) }, 'At most 10 redirect URIs'],
      [{ ...VALID, redirectUris: [TEST_REDIRECT_URI, 'https://app.example/cb'] }, 'Use either loopback'],
      [{ ...VALID, postLogoutRedirectUris: ['http://app.example/bye'] }, 'Must use https'],
      [{ ...VALID, scopes: ['profile'] }, 'openid is required'],
      [{ ...VALID, scopes: ['openid', 'admin'] }, 'Invalid option'],
      [{ ...VALID, trusted: 'yes' }, 'expected boolean'],
      [{ ...VALID, clientSecret: 'chosen' }, 'Unrecognized key'],
      [{ ...VALID, skip_consent: true }, 'Unrecognized key'],
    ];
    const before = await state();
    for (const [body, message] of cases) {
      const answer = await admin.post(BASE, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'BAD_REQUEST']);
      expect(answer.body.message, JSON.stringify(body)).toContain(message);
    }
    const notJson = await admin.request('POST', BASE, { body: '{', headers: { 'content-type': 'application/json' } });
    expect([notJson.status, notJson.body.code]).toEqual([400, 'BODY_NOT_JSON']);
    expect(await state()).toEqual(before);
  });

  it('refuses a change the rules refuse: the type, unknown fields, nothing at all, a bad URI', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Nothing to change'],
      [{ type: 'spa' }, 'Unrecognized key'],
      [{ clientSecret: 'mine' }, 'Unrecognized key'],
      [{ disabled: 'true' }, 'expected boolean'],
      [{ redirectUris: ['https://app.example/cb#frag'] }, 'Must not contain a fragment (#)'],
      [{ redirectUris: ['http://evil.example/cb'] }, 'Must use https'],
    ];
    const before = await state();
    for (const [body, message] of cases) {
      const answer = await admin.request('PATCH', `${BASE}/${clientId}`, { json: body });
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'BAD_REQUEST']);
      expect(answer.body.message, JSON.stringify(body)).toContain(message);
    }
    expect(await state()).toEqual(before);
  });

  it("lets another platform admin change an application registered by the first: they are the platform's", async () => {
    await signUp(suite.context.app, { email: `second-admin-${engine}@example.com` });
    await suite.context.database.db
      .updateTable('user')
      .set({ role: 'admin' })
      .where('email', '=', `second-admin-${engine}@example.com`)
      .execute();
    const second = await signIn(suite.context.app, `second-admin-${engine}@example.com`, 'user-password-1');
    const changed = await second.request('PATCH', `${BASE}/${clientId}`, { json: { name: 'Renamed' } });
    expect([changed.status, changed.body.data?.name]).toEqual([200, 'Renamed']);
    const rotated = await second.post(`${BASE}/${clientId}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
  });

  it("keeps the provider's own client endpoints closed, even to an admin", async () => {
    for (const path of [
      '/api/auth/oauth2/create-client',
      '/api/auth/oauth2/delete-client',
      '/api/auth/oauth2/register',
    ]) {
      const answer = await admin.post(path, { client_id: clientId, redirect_uris: ['https://evil.example/cb'] });
      expect(answer.status, `${path} ${answer.text}`).toBe(404);
    }
    expect((await admin.get(`${BASE}/${clientId}`)).status).toBe(200);
  });
});
