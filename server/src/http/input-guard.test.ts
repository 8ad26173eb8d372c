import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_CONTROL_MESSAGE } from '#common/validation';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { pngForm } from '#test/images';
import { createTestContext, ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { checkJsonInput, MAX_JSON_DEPTH } from './input-guard';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('checkJsonInput', () => {
  it('names the field that holds a control character, at any depth', () => {
    expect(checkJsonInput({ data: { items: ['ok', 'bad\u0000'] } })).toContain('field "data.items[1]"');
    expect(checkJsonInput({ ['key\u0007']: 1 })).toContain('a field name');
    expect(checkJsonInput('\u0000')).toContain('the body');
    expect(checkJsonInput({ name: 'Ada\tLovelace', bio: 'one\r\ntwo', n: 1, ok: true, none: null })).toBeUndefined();
  });

  it('refuses nesting past its limit without exhausting the stack', () => {
    expect(checkJsonInput(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(checkJsonInput(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toMatch(/nested too deeply/);
    expect(checkJsonInput(JSON.parse(nested(200_000)))).toMatch(/nested too deeply/);
  });
});

describe.each(ENGINES)('input guard in the app on %s', (engine) => {
  let context: TestContext;
  let admin: TestClient;

  beforeAll(async () => {
    context = await createTestContext(engine, { env: ADMIN_ENV });
    admin = await signInAdmin(context.app);
  });
  afterAll(async () => context?.destroy());

  const refused = (response: { status: number; body: unknown }, where: string) => {
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(where) });
  };

  // Each of these answered 500 on PostgreSQL before, which refuses NUL in text.
  it('refuses a control character in a query parameter', async () => {
    refused(await admin.get('/api/v1/admin/users?search=%00'), 'query parameter "search"');
    refused(await admin.get('/api/auth/organization/list-invitations?organizationId=a%00'), 'query parameter');
  });

  it('refuses a control character in a path parameter', async () => {
    refused(await admin.get('/api/v1/files/%00'), 'the URL path');
  });

  it('refuses a control character in a JSON body, whatever its declared type', async () => {
    refused(await admin.post('/api/auth/organization/check-slug', { slug: 'a\u0000' }), 'field "slug"');
    // Our own handlers parse the body as JSON without looking at the declared type.
    const asForm = await admin.request('POST', '/api/v1/admin/organizations', {
      body: JSON.stringify({ name: 'Org\u0000' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    refused(asForm, 'field "name"');
  });

  it('refuses a control character in a form field', async () => {
    const signIn = await new TestClient(context.app).request('POST', '/api/auth/sign-in/email', {
      body: 'email=a%00%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    refused(signIn, 'field "email"');

    const form = await pngForm({ description: 'Profile\u0000picture' });
    refused(await admin.request('POST', '/api/v1/files/upload', { body: form }), 'field "description"');
  });

  it('refuses a JSON body nested too deeply for Better Auth (a stack overflow before)', async () => {
    const response = await admin.request('POST', '/api/auth/update-user', {
      body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      headers: { 'content-type': 'application/json' },
    });
    refused(response, 'nested too deeply');
  });

  it('lets tabs and line breaks through, and the handlers still read the body', async () => {
    // A ban's reason may run over lines; a name may not, by its own rule (decision 0060), not this guard's.
    const { id } = await signUp(context.app, { email: `guarded-${engine}@example.com` });
    const banned = await admin.post('/api/auth/admin/ban-user', { userId: id, banReason: 'Tab\tand\nline' });
    expect(banned.status, banned.text).toBe(200);
    const row = await context.database.db
      .selectFrom('user')
      .select('banReason')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.banReason).toBe('Tab\tand\nline');
    const renamed = await admin.post('/api/auth/update-user', { name: 'Root\tAdmin' });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ message: NAME_CONTROL_MESSAGE });
  });

  it('answers a refused request before any handler runs', async () => {
    const before = (await admin.get('/api/v1/admin/organizations')).body.data.length;
    const response = await context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/v1/admin/organizations`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: admin.cookieHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Org', note: '\u0001' }),
      }),
    );
    expect(response.status).toBe(400);
    expect((await admin.get('/api/v1/admin/organizations')).body.data.length).toBe(before);
  });
});
