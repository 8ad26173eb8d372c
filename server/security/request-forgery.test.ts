import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import { pngForm } from '#test/images';
import { countRows } from '#test/rows';
import { createTestContext, TEST_ORIGIN, type TestContext } from '#test/test-context';

const EVIL = 'https://evil.example';

const avatarForm = () => pngForm({ category: 'profile' }, 64);

describe('ASVS V3 web frontend security: cross-site request forgery', () => {
  let context: TestContext;
  let admin: TestClient;
  let apiKey: string;
  const countUsers = () => countRows(context, 'user');
  const countOrganizations = () => countRows(context, 'organization');

  beforeAll(async () => {
    context = await createTestContext('sqlite', { env: ADMIN_ENV });
    admin = await signInAdmin(context.app);
    const { client: user } = await signUp(context.app, { email: 'script@example.com' });
    apiKey = (await user.post('/api/auth/api-key/create', { name: 'script', expiresIn: 86400 })).body.key;
  });
  afterAll(async () => context?.destroy());

  /** A request as a browser on another site would send it, with the admin's cookies attached. */
  const forged = (path: string, headers: Record<string, string>, body: string) =>
    context.app.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader, ...headers },
        body,
      }),
    );

  it('refuses a text/plain form post from a foreign origin that would create an admin user', async () => {
    const before = await countUsers();
    const body = JSON.stringify({ email: 'planted@example.com', password: 'planted-pass-1', name: 'P', role: 'admin' });
    const response = await forged('/api/v1/admin/users', { origin: EVIL, 'content-type': 'text/plain' }, body);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    expect(await countUsers()).toBe(before);
  });

  it('refuses a foreign origin even with a JSON content type, and a cookie-bearing call with no origin at all', async () => {
    const before = await countOrganizations();
    const body = JSON.stringify({ name: 'Forged Org' });
    const json = { 'content-type': 'application/json' };
    expect((await forged('/api/v1/admin/organizations', { ...json, origin: EVIL }, body)).status).toBe(403);
    expect((await forged('/api/v1/admin/organizations', { ...json, referer: `${EVIL}/page` }, body)).status).toBe(403);
    expect((await forged('/api/v1/admin/organizations', json, body)).status).toBe(403);
    expect((await forged('/api/v1/admin/organizations', { ...json, origin: 'null' }, body)).status).toBe(403);
    expect(await countOrganizations()).toBe(before);
  });

  it('refuses a trusted origin that sends the body under another content type', async () => {
    const before = await countOrganizations();
    const response = await forged(
      '/api/v1/admin/organizations',
      { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      JSON.stringify({ name: 'Plain Text Org' }),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const upload = await admin.post('/api/v1/files/upload', { name: 'not multipart' });
    expect(upload.status).toBe(415);
    expect(await countOrganizations()).toBe(before);
  });

  it('holds a DELETE with a body to the same content type, and lets the console’s JSON through', async () => {
    const made = await admin.post('/api/v1/admin/organizations', { name: 'Kept Org' });
    expect(made.status, made.text).toBe(201);
    const { id, name } = made.body.data as { id: string; name: string };
    const before = await countOrganizations();
    const remove = (type: string) =>
      context.app.fetch(
        new Request(`${TEST_ORIGIN}/api/v1/admin/organizations/${id}`, {
          method: 'DELETE',
          headers: { cookie: admin.cookieHeader, origin: TEST_ORIGIN, 'content-type': type },
          body: JSON.stringify({ confirmName: name }),
        }),
      );
    const plain = await remove('text/plain');
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await countOrganizations()).toBe(before);
    expect((await remove('application/json')).status).toBe(200);
    expect(await countOrganizations()).toBe(before - 1);
  });

  it('lets the console itself through: its origin, or its referer when a browser omits the origin', async () => {
    const json = { 'content-type': 'application/json' };
    const viaOrigin = await forged(
      '/api/v1/admin/organizations',
      { ...json, origin: TEST_ORIGIN },
      '{"name":"Real A"}',
    );
    expect(viaOrigin.status).toBe(201);
    const viaReferer = await forged(
      '/api/v1/admin/organizations',
      { ...json, referer: `${TEST_ORIGIN}/admin/organizations` },
      '{"name":"Real B"}',
    );
    expect(viaReferer.status).toBe(201);
  });

  it('lets a script with an API key and no cookies upload without an Origin, but not from a foreign one', async () => {
    const upload = (headers: Record<string, string>) =>
      avatarForm().then((body) =>
        context.app.fetch(new Request(`${TEST_ORIGIN}/api/v1/files/upload`, { method: 'POST', headers, body })),
      );
    expect((await upload({ 'x-api-key': apiKey })).status).toBe(201);
    expect((await upload({ 'x-api-key': apiKey, origin: EVIL })).status).toBe(403);
  });

  it("refuses Better Auth's own state-changing calls from a foreign origin", async () => {
    const response = await context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/auth/update-user`, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader, origin: EVIL, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Forged Name' }),
      }),
    );
    expect(response.status).toBe(403);
    expect((await admin.get('/api/auth/get-session')).body?.user.name).not.toBe('Forged Name');
  });

  it('grants no cross-origin read: a foreign preflight gets no CORS allowance', async () => {
    const preflight = await context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/v1/admin/users`, {
        method: 'OPTIONS',
        headers: { origin: EVIL, 'access-control-request-method': 'POST' },
      }),
    );
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
