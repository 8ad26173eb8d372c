import fs from 'node:fs';
import path from 'node:path';
import { hc } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import type { TestClient, TestResponse } from '#test/http-client';
import { pngForm } from '#test/images';
import { createTestContext, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { BODY_NOT_FORM, BODY_NOT_JSON } from '../http/validate';
import type { ApiRoutes } from './api';

const DOCS = fs.readFileSync(path.join(import.meta.dirname, '../../../docs/api.md'), 'utf8');

/** The contract of docs/api.md, route by route: its list of routes, its answers and its refusals. */
describe('the /api/v1 contract', () => {
  let context: TestContext;
  let admin: TestClient;

  beforeAll(async () => {
    context = await createTestContext('sqlite', { env: { ...ADMIN_ENV, UNSAFE_DEV_MAILBOX: 'true' } });
    admin = await signInAdmin(context.app);
  });
  afterAll(async () => context?.destroy());

  const expectError = (response: TestResponse, status: number, message?: string) => {
    expect(response.status, response.text).toBe(status);
    expect(response.body).toEqual({
      code: expect.any(String),
      message: message ?? expect.any(String),
      requestId: response.headers.get('x-request-id'),
    });
  };
  const json = (client: TestClient, route: string, text: string) =>
    client.request('POST', route, { body: text, headers: { 'content-type': 'application/json' } });

  it('documents every route the server serves, and no other', () => {
    const documented = [...DOCS.matchAll(/^### `([A-Z]+) (\/api\/v1\/\S*)`$/gm)].map(([, method, route]) => {
      return `${method} ${route}`;
    });
    const served = context.app.routes
      .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual([...new Set(served)].sort());
  });

  it("serves each route at the path its type names: the console's typed client reaches them all", async () => {
    const client = hc<ApiRoutes>('http://localhost:3000/api/v1', {
      fetch: (input: string | URL | Request, init?: RequestInit) =>
        context.app.request(input, {
          ...init,
          headers: {
            ...Object.fromEntries(new Headers(init?.headers)),
            cookie: admin.cookieHeader,
            origin: TEST_ORIGIN,
          },
        }),
    });
    const me = await client.me.$get();
    expect(me.status).toBe(200);
    // Typed from the route: a change of its answer fails to compile here.
    const answer = await me.json();
    expect(answer.via).toBe('session');
    expect(answer.data.email).toBe('root@example.com');

    const created = await client.admin.organizations.$post({ json: { name: 'Typed Org' } });
    expect(created.status).toBe(201);
    const organization = await created.json();
    if (!('data' in organization)) throw new Error(organization.message);
    const detail = await client.admin.organizations[':id'].$get({ param: { id: organization.data.id } });
    expect(detail.status).toBe(200);
    const members = await client.admin.organizations[':id'].members.$get({
      param: { id: organization.data.id },
      query: {},
    });
    expect(await members.json()).toMatchObject({ data: [{ email: 'root@example.com', role: 'owner' }], total: 1 });
    const users = await client.admin.users.$get({ query: { limit: '10', role: 'admin' } });
    expect(await users.json()).toMatchObject({ users: [{ email: 'root@example.com' }], total: 1, limit: 10 });
    const refused = await client.admin.organizations[':id'].$get({ param: { id: 'no-such-organization' } });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' });
  });

  it('answers what was asked for under data, facts about it beside', async () => {
    const keys = (response: TestResponse) => Object.keys(response.body as object).sort();
    const organization = await admin.post('/api/v1/admin/organizations', { name: 'Contract Org' });
    expect(organization.status).toBe(201);
    expect(keys(organization)).toEqual(['data']);
    expect(organization.body.data).toMatchObject({ name: 'Contract Org', slug: 'contract-org' });

    const user = await admin.post('/api/v1/admin/users', {
      email: 'contract@example.com',
      password: 'contract-password-1',
      name: 'Contract',
    });
    expect(user.status).toBe(201);
    expect(keys(user)).toEqual(['data']);
    expect(user.body.data).toMatchObject({ email: 'contract@example.com', role: 'user' });

    for (const route of ['/organizations', '/invitations', '/admin/organizations', '/admin/outbox', '/dev/mailbox']) {
      const response = await admin.get(`/api/v1${route}`);
      expect(response.status, route).toBe(200);
      // A paged list says beside its page how many match in all.
      expect(keys(response), route).toEqual(route === '/admin/organizations' ? ['data', 'total'] : ['data']);
      expect(Array.isArray((response.body as { data: unknown }).data), route).toBe(true);
    }
    const linked = await admin.get(`/api/v1/admin/users/${user.body.data.id}/linked-accounts`);
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toEqual({ data: [] });
    const me = await admin.get('/api/v1/me');
    expect(me.body).toEqual({
      data: { id: expect.any(String), name: expect.any(String), email: 'root@example.com', role: 'admin', image: null },
      via: 'session',
    });
    // The shapes the specification fixes: the user list's users and total, the upload's success and url.
    expect(keys(await admin.get('/api/v1/admin/users'))).toEqual(
      ['limit', 'nextCursor', 'offset', 'previousCursor', 'total', 'totalCapped', 'users'].sort(),
    );
    const upload = await admin.request('POST', '/api/v1/files/upload', { body: await pngForm() });
    expect(upload.status).toBe(201);
    expect(upload.body).toEqual({
      data: { id: expect.any(String), url: upload.body.url },
      success: true,
      url: `http://localhost:3000/api/v1/files/${upload.body.data.id}`,
    });
  });

  it.each([
    ['/api/v1/admin/users', '{"email": "a@example.com",', BODY_NOT_JSON],
    ['/api/v1/admin/users', '', BODY_NOT_JSON],
    ['/api/v1/admin/users', 'null', 'Invalid input: expected object, received null'],
    [
      '/api/v1/admin/users',
      '{"email": 42, "password": "long-enough-1", "name": "X"}',
      'Invalid input: expected string, received number',
    ],
    [
      '/api/v1/admin/users',
      '{"email": "a@example.com", "name": "X"}',
      'Invalid input: expected string, received undefined',
    ],
    [
      '/api/v1/admin/users',
      '{"email": "nope", "password": "long-enough-1", "name": "X"}',
      'Enter a valid email address',
    ],
    [
      '/api/v1/admin/users',
      '{"email": "a@example.com", "password": "short", "name": "X"}',
      'Password must be at least 8 characters',
    ],
    [
      '/api/v1/admin/users',
      '{"email": "a@example.com", "password": "long-enough-1", "name": "X", "role": "root"}',
      'role must be user or admin',
    ],
    [
      '/api/v1/admin/users',
      '{"email": "a@example.com", "password": "long-enough-1", "name": "X", "emailVerified": "yes"}',
      'Invalid input: expected boolean, received string',
    ],
    ['/api/v1/admin/organizations', '{"name": "Org",', BODY_NOT_JSON],
    ['/api/v1/admin/organizations', '{}', 'Invalid input: expected string, received undefined'],
    ['/api/v1/admin/organizations', '{"name": 42}', 'Invalid input: expected string, received number'],
    ['/api/v1/admin/organizations', '{"name": "   "}', 'Name is required'],
    ['/api/v1/admin/organizations', `{"name": "${'x'.repeat(101)}"}`, 'Name is too long'],
  ])('refuses POST %s with %s: 400 and its message, nothing made', async (route, text, message) => {
    const before = (await admin.get('/api/v1/admin/users')).body.total;
    const organizations = (await admin.get('/api/v1/admin/organizations')).body.data.length;
    expectError(await json(admin, route, text), 400, message);
    expect((await admin.get('/api/v1/admin/users')).body.total).toBe(before);
    expect((await admin.get('/api/v1/admin/organizations')).body.data.length).toBe(organizations);
  });

  it('refuses an upload without a file, of an unknown category, or that is no form', async () => {
    const { client } = await signUp(context.app, { email: 'uploads@example.com' });
    const upload = (body: FormData | string, type?: string) =>
      client.request('POST', '/api/v1/files/upload', { body, ...(type ? { headers: { 'content-type': type } } : {}) });
    const noFile = new FormData();
    noFile.set('file', 'not a file');
    expectError(await upload(noFile), 400, 'Send the image as multipart/form-data with a "file" field');
    expectError(await upload(await pngForm({ category: 'documents' })), 400, 'category must be one of: profile');
    expectError(
      await upload('--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nx', 'multipart/form-data; boundary=b'),
      400,
      BODY_NOT_FORM,
    );
    expect((await context.database.db.selectFrom('file').select('id').execute()).length).toBe(1);
  });

  it('refuses a malformed query with the field named, and cuts a long address in the outbox query', async () => {
    expectError(await admin.get('/api/v1/admin/users?limit=15'), 400, 'limit must be 10, 20, 50 or 100');
    expectError(await admin.get('/api/v1/admin/users?sortDirection=up'), 400, 'sortDirection must be asc or desc');
    const long = await admin.get(`/api/v1/admin/outbox?to=${'a'.repeat(300)}@example.com`);
    expect(long.status).toBe(200);
    expect(long.body.data).toEqual([]);
  });
});
