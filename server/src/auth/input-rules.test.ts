import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAN_MAX_SECONDS, BAN_REASON_MAX_LENGTH } from '#common/ban';
import type { ApiErrorBody } from '#common/error-codes';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';
import {
  API_KEY_SORT_FIELDS,
  checkAuthInput,
  MEMBER_FILTER_FIELDS,
  MEMBER_SORT_FIELDS,
  PAGE_NUMBER_MAX,
} from './input-rules';

/** The message checkAuthInput refuses with, or undefined when it lets the input through. */
function refusal(path: string, body: unknown, query: unknown = undefined): string | undefined {
  try {
    checkAuthInput(path, body, query);
    return undefined;
  } catch (error) {
    expect((error as { statusCode?: number }).statusCode).toBe(400);
    return (error as { body?: { message?: string } }).body?.message;
  }
}

describe('checkAuthInput', () => {
  it('types the profile fields of update-user', () => {
    expect(refusal('/update-user', { name: {} })).toBe('name must be a string');
    expect(refusal('/update-user', { name: null })).toBe('name must be a string');
    expect(refusal('/update-user', { image: [1, 2] })).toBe('image must be a URL or null');
    expect(refusal('/update-user', { image: 'javascript:alert(1)' })).toBe('image must be an http(s) URL');
    expect(refusal('/update-user', { name: '  ' })).toBe('Name is required');
    expect(refusal('/update-user', { name: 'Ada', image: null })).toBeUndefined();
    expect(refusal('/update-user', { image: 'https://example.com/a.png' })).toBeUndefined();
    // Not an object at all: Better Auth's own validation says what it expects.
    expect(refusal('/update-user', 'name')).toBeUndefined();
  });

  it('types the user fields an admin sets, when creating or updating', () => {
    for (const path of ['/admin/update-user', '/admin/create-user']) {
      expect(refusal(path, { data: { emailVerified: {} } })).toBe('emailVerified must be true or false');
      expect(refusal(path, { data: { banned: 'yes' } })).toBe('banned must be true or false');
      expect(refusal(path, { data: { banReason: [] } })).toBe('banReason must be a string or null');
      expect(refusal(path, { data: { banExpires: 'soon' } })).toBe('banExpires must be a date from 1970 to 9999');
      expect(refusal(path, { data: { banExpires: '-271821-04-20T00:00:00Z' } })).toBe(
        'banExpires must be a date from 1970 to 9999',
      );
      expect(refusal(path, { data: { createdAt: '2030-01-01' } })).toBe(
        'createdAt is kept by the server and cannot be set',
      );
      expect(refusal(path, { data: { name: 'Ada', emailVerified: true, banExpires: null } })).toBeUndefined();
    }
    expect(refusal('/admin/update-user', { data: { name: {} } })).toBe('name must be a string');
  });

  it('bounds a ban duration', () => {
    expect(refusal('/admin/ban-user', { banExpiresIn: 1e12 })).toBe(
      `banExpiresIn is at most ${BAN_MAX_SECONDS} seconds`,
    );
    expect(refusal('/admin/ban-user', { banExpiresIn: 1e308 })).toBe('banExpiresIn must be a whole number of seconds');
    expect(refusal('/admin/ban-user', { banExpiresIn: 1.5 })).toBe('banExpiresIn must be a whole number of seconds');
    expect(refusal('/admin/ban-user', { banExpiresIn: '60' })).toBe('banExpiresIn must be a whole number of seconds');
    expect(refusal('/admin/ban-user', { banExpiresIn: -60 })).toBe('banExpiresIn must be 1 second or more');
    expect(refusal('/admin/ban-user', { banExpiresIn: BAN_MAX_SECONDS + 1 })).toMatch(/^banExpiresIn is at most/);
    expect(refusal('/admin/ban-user', { banExpiresIn: 3600 })).toBeUndefined();
    expect(refusal('/admin/ban-user', { banExpiresIn: BAN_MAX_SECONDS })).toBeUndefined();
    expect(refusal('/admin/ban-user', { userId: 'x' })).toBeUndefined();
  });

  it('bounds a ban reason as sent, however it is set', () => {
    const longest = 'x'.repeat(BAN_REASON_MAX_LENGTH);
    const tooLong = `banReason is at most ${BAN_REASON_MAX_LENGTH} characters`;
    expect(refusal('/admin/ban-user', { banReason: 7 })).toBe('banReason must be text');
    expect(refusal('/admin/ban-user', { banReason: null })).toBe('banReason must be text');
    expect(refusal('/admin/ban-user', { banReason: `${longest}x` })).toBe(tooLong);
    // Better Auth stores the reason untrimmed: padding counts.
    expect(refusal('/admin/ban-user', { banReason: `${longest} ` })).toBe(tooLong);
    expect(refusal('/admin/ban-user', { banReason: longest, banExpiresIn: 60 })).toBeUndefined();
    for (const path of ['/admin/update-user', '/admin/create-user']) {
      expect(refusal(path, { data: { banReason: `${longest}x` } })).toBe(tooLong);
      expect(refusal(path, { data: { banReason: longest } })).toBeUndefined();
      expect(refusal(path, { data: { banReason: null } })).toBeUndefined();
    }
  });

  it('refuses an organization update with nothing to update', () => {
    expect(refusal('/organization/update', { data: {} })).toMatch(/^data must contain at least one of/);
    expect(refusal('/organization/update', { data: { banned: true } })).toMatch(/^data must contain at least one of/);
    expect(refusal('/organization/update', { data: { name: 'New' } })).toBeUndefined();
  });

  it('bounds limits and offsets on every path', () => {
    for (const value of ['-1', '1.5', '1e400', '99999999999999999999', 'ten', ['1', '2'], -1]) {
      expect(refusal('/organization/list-members', undefined, { limit: value })).toBe(
        `limit must be a whole number from 0 to ${PAGE_NUMBER_MAX}`,
      );
    }
    expect(refusal('/organization/get-full-organization', undefined, { membersLimit: '-1' })).toMatch(
      /^membersLimit must be/,
    );
    expect(refusal('/admin/list-users', undefined, { offset: '1e20' })).toMatch(/^offset must be/);
    expect(refusal('/organization/list-members', undefined, { limit: '10', offset: 20 })).toBeUndefined();
  });

  it('lets only known columns through as sort and filter fields', () => {
    expect(refusal('/organization/list-members', undefined, { sortBy: 'nope' })).toMatch(/^sortBy must be one of/);
    expect(refusal('/organization/list-members', undefined, { filterField: 'password' })).toMatch(
      /^filterField must be one of/,
    );
    expect(refusal('/organization/list-members', undefined, { filterField: 'createdAt' })).toMatch(
      /^filterField must be one of/,
    );
    expect(refusal('/api-key/list', undefined, { sortBy: 'key' })).toMatch(/^sortBy must be one of/);
    expect(refusal('/organization/list-members', undefined, { sortBy: 'createdAt' })).toBeUndefined();
    expect(refusal('/api-key/list', undefined, { sortBy: 'name' })).toBeUndefined();
  });
});

describe.each(ENGINES)('Better Auth input through the app on %s', (engine) => {
  let context: TestContext;
  let admin: TestClient;
  let userId: string;
  let organizationId: string;

  beforeAll(async () => {
    context = await createTestContext(engine, { env: ADMIN_ENV });
    admin = await signInAdmin(context.app);
    ({ id: userId } = await signUp(context.app, { email: 'other@example.com', name: 'Other' }));
    organizationId = (await admin.post('/api/auth/organization/create', { name: 'Org', slug: 'org' })).body.id;
    await admin.post('/api/auth/api-key/create', { name: 'key' });
  });
  afterAll(async () => context?.destroy());

  // Each of these answered 500 before (a database error or a crash in Better Auth).
  it.each([
    ['/api/auth/update-user', 'name must be a string', () => ({ name: {} })],
    ['/api/auth/update-user', 'image must be a URL or null', () => ({ image: [1, 2] })],
    ['/api/auth/update-user', 'name must be a string', () => ({ name: null })],
    ['/api/auth/admin/update-user', 'emailVerified must be', () => ({ userId, data: { emailVerified: {} } })],
    ['/api/auth/admin/update-user', 'banExpires must be', () => ({ userId, data: { banExpires: 'soon' } })],
    ['/api/auth/admin/update-user', 'createdAt is kept', () => ({ userId, data: { createdAt: null } })],
    [
      '/api/auth/admin/create-user',
      'createdAt is kept',
      () => ({ email: 'new@example.com', password: 'new-password-1', name: 'New', data: { createdAt: {} } }),
    ],
    ['/api/auth/admin/ban-user', 'banExpiresIn must be a whole number', () => ({ userId, banExpiresIn: 1e308 })],
    ['/api/auth/admin/ban-user', 'banExpiresIn is at most', () => ({ userId, banExpiresIn: 1e12 })],
    ['/api/auth/organization/update', 'data must contain', () => ({ organizationId, data: {} })],
  ])('answers POST %s with a 400: %s', async (path, message, body) => {
    const before = (await admin.get('/api/auth/admin/list-users')).text;
    const response = await admin.post(path, body());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
    expect((await admin.get('/api/auth/admin/list-users')).text).toBe(before);
  });

  const banOf = (id: string) =>
    context.database.db
      .selectFrom('user')
      .select(['banned', 'banReason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const sessionsOf = async (id: string) =>
    (await context.database.db.selectFrom('session').select('id').where('userId', '=', id).execute()).length;

  it.each([
    ['a 10,000-character reason', { banReason: 'x'.repeat(10_000) }, 'banReason is at most 200 characters'],
    [
      'a short reason padded to 10,000',
      { banReason: `spam${' '.repeat(9_996)}` },
      'banReason is at most 200 characters',
    ],
    ['a number as reason', { banReason: 42 }, 'banReason must be text'],
    ['a negative duration', { banExpiresIn: -3600 }, 'banExpiresIn must be 1 second or more'],
    ['a fractional duration', { banExpiresIn: 0.5 }, 'banExpiresIn must be a whole number of seconds'],
    ['a huge duration', { banExpiresIn: 1e15 }, `banExpiresIn is at most ${BAN_MAX_SECONDS} seconds`],
    ['a duration as text', { banExpiresIn: '3600' }, 'banExpiresIn must be a whole number of seconds'],
  ])('refuses a ban with %s (400), and the user stays unbanned and signed in', async (_case, fields, message) => {
    const sessions = await sessionsOf(userId);
    const response = await admin.post('/api/auth/admin/ban-user', { userId, ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await banOf(userId)).toMatchObject({ banned: engine === 'postgres' ? false : 0, banReason: null });
    expect(await sessionsOf(userId)).toBe(sessions);
    expect(sessions).toBeGreaterThan(0);
  });

  it('bans with the longest reason and duration allowed', async () => {
    const banReason = 'r'.repeat(BAN_REASON_MAX_LENGTH);
    const response = await admin.post('/api/auth/admin/ban-user', { userId, banReason, banExpiresIn: BAN_MAX_SECONDS });
    expect(response.status, response.text).toBe(200);
    expect(await banOf(userId)).toMatchObject({ banned: engine === 'postgres' ? true : 1, banReason });
    expect((await admin.post('/api/auth/admin/unban-user', { userId })).status).toBe(200);
  });

  it.each([
    ['organization/list-members', 'sortBy=nope', 'sortBy must be one of'],
    ['organization/list-members', 'filterField=nope&filterValue=x', 'filterField must be one of'],
    ['organization/list-members', 'limit=1e400', 'limit must be a whole number'],
    ['organization/list-members', 'offset=-1', 'offset must be a whole number'],
    ['organization/get-full-organization', 'membersLimit=-1', 'membersLimit must be a whole number'],
    ['api-key/list', 'sortBy=nope', 'sortBy must be one of'],
  ])('answers GET %s?%s with a 400 and a message', async (path, query, message) => {
    const response = await admin.get<ApiErrorBody>(`/api/auth/${path}?organizationId=${organizationId}&${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('sorts and filters by every field it lets through', async () => {
    const members = `/api/auth/organization/list-members?organizationId=${organizationId}`;
    for (const field of MEMBER_SORT_FIELDS) {
      expect((await admin.get(`${members}&sortBy=${field}`)).status, field).toBe(200);
    }
    for (const field of MEMBER_FILTER_FIELDS) {
      expect((await admin.get(`${members}&filterField=${field}&filterValue=x`)).status, field).toBe(200);
    }
    for (const field of API_KEY_SORT_FIELDS) {
      const response = await admin.get(`/api/auth/api-key/list?sortBy=${field}`);
      expect(response.status, field).toBe(200);
      expect(response.body.apiKeys).toHaveLength(1);
    }
  });

  it('still takes well-typed values', async () => {
    const response = await admin.post('/api/auth/admin/update-user', {
      userId,
      data: { name: 'Renamed', emailVerified: true, image: null },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Renamed', emailVerified: true });
  });
});
