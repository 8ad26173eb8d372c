import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApplication } from '#common/applications';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import {
  authorizationRequest,
  authorizeInBrowser,
  exchangeCode,
  openIdClient,
  relyingParty,
  signInToApplication,
  TEST_REDIRECT_URI,
  type RegisteredApplication,
} from '#test/openid';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

const BASE = '/api/v1/admin/applications';

describe.each(ENGINES)('admin applications (%s)', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let admin: TestClient;
  let person: { client: TestClient; id: string };

  beforeAll(async () => {
    admin = await signInAdmin(suite.context.app);
    person = await signUp(suite.context.app, { email: `apps-${engine}@example.com`, name: 'Grace' });
  });

  const registered = (created: CreatedApplication): RegisteredApplication => ({
    clientId: created.clientId,
    clientSecret: created.clientSecret ?? undefined,
    redirectUris: created.redirectUris,
  });
  async function create(body: Record<string, unknown>) {
    const answer = await admin.post(BASE, body);
    expect(answer.status, answer.text).toBe(201);
    return answer;
  }
  /** The application's rows in the provider's tables: tokens and consents. */
  async function grantsOf(clientId: string) {
    const adapter = (await suite.context.auth.$context).adapter;
    const where = [{ field: 'clientId', value: clientId }];
    const [access, refresh, consents] = await Promise.all(
      ['oauthAccessToken', 'oauthRefreshToken', 'oauthConsent'].map((model) => adapter.count({ model, where })),
    );
    return { access, refresh, consents };
  }
  /** The admin's changes to an application (consents and token requests are other tests'). */
  async function auditOf(clientId: string) {
    await suite.context.audit.flush();
    const rows = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['action', 'outcome', 'actorId', 'details'])
      .where('action', 'in', [
        'application.create',
        'application.update',
        'application.rotate_secret',
        'application.delete',
      ])
      .orderBy('createdAt')
      .execute();
    return rows
      .map((row) => ({ ...row, details: JSON.parse(row.details ?? '{}') as Record<string, unknown> }))
      .filter((row) => row.details.clientId === clientId);
  }

  it('registers a web application whose secret is shown once, and a relying party signs a person in with it', async () => {
    const answer = await create({
      name: 'Billing',
      type: 'web',
      redirectUris: [TEST_REDIRECT_URI],
      postLogoutRedirectUris: ['http://localhost:4000/signed-out'],
      scopes: ['openid', 'profile', 'email', 'offline_access'],
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const created = answer.body.data;
    expect(created).toMatchObject({
      name: 'Billing',
      type: 'web',
      redirectUris: [TEST_REDIRECT_URI],
      postLogoutRedirectUris: ['http://localhost:4000/signed-out'],
      scopes: ['openid', 'profile', 'email', 'offline_access'],
      trusted: false,
      disabled: false,
    });
    expect(created.clientSecret).toMatch(/^\S{32,}$/);

    // Never again: neither the list nor the detail carries it.
    const list = await admin.get(BASE);
    expect(list.status).toBe(200);
    expect(list.body.data.map((application) => application.clientId)).toContain(created.clientId);
    expect(list.text).not.toContain(created.clientSecret);
    expect(list.text).not.toMatch(/secret/i);
    const detail = await admin.get(`${BASE}/${created.clientId}`);
    expect(detail.body.data).toEqual(list.body.data.find((application) => application.clientId === created.clientId));
    expect(detail.text).not.toMatch(/secret/i);

    const configuration = await relyingParty(suite.context.app, registered(created));
    const tokens = await signInToApplication(person.client, configuration, { scope: 'openid profile email' });
    expect(tokens.claims()?.sub).toBe(person.id);
    const info = await openIdClient.fetchUserInfo(configuration, tokens.access_token, person.id);
    expect(info).toMatchObject({ sub: person.id, name: 'Grace' });

    const events = await auditOf(created.clientId);
    expect(events).toEqual([
      {
        action: 'application.create',
        outcome: 'success',
        actorId: expect.any(String),
        details: { clientId: created.clientId, name: 'Billing', type: 'web', trusted: false },
      },
    ]);
  });

  it('replaces a secret: the token endpoint refuses the old one at once and takes the new one', async () => {
    const created = (await create({ name: 'Rotating', type: 'web', redirectUris: [TEST_REDIRECT_URI] })).body.data;
    const rotated = await admin.post(`${BASE}/${created.clientId}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const secret = rotated.body.data.clientSecret;
    expect(secret).not.toBe(created.clientSecret);

    const old = await relyingParty(suite.context.app, registered(created));
    const request = await authorizationRequest(old);
    const callback = await authorizeInBrowser(person.client, request.url);
    // A refused client secret is a 401 with a Basic challenge (RFC 6749 5.2, invalid_client).
    await expect(exchangeCode(old, callback, request)).rejects.toMatchObject({
      status: 401,
      code: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE',
    });

    const renewed = await relyingParty(suite.context.app, { ...registered(created), clientSecret: secret });
    const tokens = await signInToApplication(person.client, renewed);
    expect(tokens.claims()?.sub).toBe(person.id);

    const events = await auditOf(created.clientId);
    expect(events.map((event) => event.action)).toEqual(['application.create', 'application.rotate_secret']);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(created.clientSecret);
  });

  it('registers a single-page application as a public client: no secret, PKCE only, nothing to rotate', async () => {
    const created = (
      await create({ name: 'Dashboard', type: 'spa', redirectUris: ['https://dashboard.example/callback'] })
    ).body.data;
    expect(created).toMatchObject({ type: 'spa', clientSecret: null, scopes: ['openid', 'profile', 'email'] });
    const refused = await admin.post(`${BASE}/${created.clientId}/rotate-secret`);
    expect([refused.status, refused.body.code]).toEqual([400, 'APPLICATION_HAS_NO_SECRET']);

    // A change keeps it public: its redirect URIs may move to the developer's machine and back.
    for (const redirectUris of [[TEST_REDIRECT_URI], ['https://dashboard.example/signed-in']]) {
      const changed = await admin.request('PATCH', `${BASE}/${created.clientId}`, { json: { redirectUris } });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body.data).toMatchObject({ type: 'spa', redirectUris });
    }

    const native = (await create({ name: 'Desktop', type: 'native', redirectUris: [TEST_REDIRECT_URI] })).body.data;
    expect(native.clientSecret).toBeNull();
    const configuration = await relyingParty(suite.context.app, registered(native));
    const tokens = await signInToApplication(person.client, configuration);
    expect(tokens.claims()?.sub).toBe(person.id);
  });

  it('changes an application, and disabling it refuses new sign-ins and ends the tokens it holds', async () => {
    const created = (
      await create({
        name: 'Wiki',
        type: 'web',
        redirectUris: [TEST_REDIRECT_URI],
        postLogoutRedirectUris: ['http://localhost:4000/bye'],
        scopes: ['openid', 'profile', 'offline_access'],
      })
    ).body.data;
    const changed = await admin.request('PATCH', `${BASE}/${created.clientId}`, {
      json: { name: 'Team wiki', trusted: true, postLogoutRedirectUris: [] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Team wiki', trusted: true, postLogoutRedirectUris: [] });

    const configuration = await relyingParty(suite.context.app, registered(created));
    const tokens = await signInToApplication(person.client, configuration, { scope: 'openid profile offline_access' });
    expect(tokens.refresh_token).toBeTruthy();
    expect(await grantsOf(created.clientId)).toMatchObject({ access: 1, refresh: 1 });

    const disabled = await admin.request('PATCH', `${BASE}/${created.clientId}`, { json: { disabled: true } });
    expect([disabled.status, disabled.body.data?.disabled]).toEqual([200, true]);
    expect(await grantsOf(created.clientId)).toMatchObject({ access: 0, refresh: 0 });
    await expect(openIdClient.fetchUserInfo(configuration, tokens.access_token, person.id)).rejects.toThrow();
    await expect(openIdClient.refreshTokenGrant(configuration, tokens.refresh_token!)).rejects.toThrow();
    const request = await authorizationRequest(configuration);
    const callback = await authorizeInBrowser(person.client, request.url);
    expect(callback.searchParams.get('error')).toBe('client_disabled');

    const enabled = await admin.request('PATCH', `${BASE}/${created.clientId}`, { json: { disabled: false } });
    expect([enabled.status, enabled.body.data?.disabled]).toEqual([200, false]);
    const again = await signInToApplication(person.client, configuration, { scope: 'openid profile' });
    expect(again.claims()?.sub).toBe(person.id);

    const events = await auditOf(created.clientId);
    expect(events.map((event) => [event.action, event.details.fields, event.details.status])).toEqual([
      ['application.create', undefined, undefined],
      ['application.update', 'name,postLogoutRedirectUris,trusted', undefined],
      ['application.update', 'disabled', 'disabled'],
      ['application.update', 'disabled', 'enabled'],
    ]);
  });

  it('asks people to allow an application unless it is trusted', async () => {
    const firstStop = async (trusted: boolean) => {
      const created = (
        await create({ name: `Trusted ${trusted}`, type: 'web', redirectUris: [TEST_REDIRECT_URI], trusted })
      ).body.data;
      const { url } = await authorizationRequest(await relyingParty(suite.context.app, registered(created)));
      const opened = await person.client.get(`${url.pathname}${url.search}`);
      const location = opened.headers.get('location') ?? (opened.body as { url?: string } | null)?.url ?? '';
      return new URL(location, 'http://localhost:3000');
    };
    expect((await firstStop(false)).pathname).toBe('/consent');
    const trusted = await firstStop(true);
    expect(`${trusted.origin}${trusted.pathname}`).toBe(TEST_REDIRECT_URI);
    expect(trusted.searchParams.get('code')).toBeTruthy();
  });

  it('deletes an application with its tokens and the consents people gave it', async () => {
    const created = (await create({ name: 'Gone', type: 'web', redirectUris: [TEST_REDIRECT_URI] })).body.data;
    const configuration = await relyingParty(suite.context.app, registered(created));
    const tokens = await signInToApplication(person.client, configuration);
    expect(await grantsOf(created.clientId)).toEqual({ access: 1, refresh: 0, consents: 1 });

    const deleted = await admin.request('DELETE', `${BASE}/${created.clientId}`);
    expect([deleted.status, deleted.body.data?.clientId]).toEqual([200, created.clientId]);
    expect(await grantsOf(created.clientId)).toEqual({ access: 0, refresh: 0, consents: 0 });
    const detail = await admin.get(`${BASE}/${created.clientId}`);
    expect([detail.status, detail.body.code]).toEqual([404, 'APPLICATION_NOT_FOUND']);
    await expect(openIdClient.fetchUserInfo(configuration, tokens.access_token, person.id)).rejects.toThrow();
    expect((await auditOf(created.clientId)).map((event) => event.action)).toEqual([
      'application.create',
      'application.delete',
    ]);
  });
});
