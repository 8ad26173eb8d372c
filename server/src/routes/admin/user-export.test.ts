import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { admin, apiKey, guest, plainUser, type Person } from '../../security/support/principals';
import { parseCsv } from '../../testing/csv';
import { TestClient } from '../../testing/http-client';
import { contextPerSuite } from '../../testing/suite';
import { ENGINES, TEST_ORIGIN } from '../../testing/test-context';

const HEADER = [
  'id',
  'name',
  'email',
  'email verified',
  'role',
  'banned',
  'ban reason',
  'ban expires',
  'guest',
  'two-factor',
  'organization id',
  'organization',
  'organization role',
  'created',
];
const BULK = 2500;
/**
 * Queries an export of `rows` users reads: a first batch of 100 (the download starts sooner), full
 * batches of 1,000, then the short (or empty) last one.
 */
const batchesFor = (rows: number) => (rows < 100 ? 1 : 2 + Math.floor((rows - 100) / 1000));

/** The user export: the list's view (search, filters, order) as CSV, streamed by keyset batches, to admins only. */
describe.each(ENGINES)('admin user CSV export on %s', (engine) => {
  const suite = contextPerSuite(engine);
  let root: Person;
  const flag = (on: boolean) => (engine === 'postgres' ? on : on ? 1 : 0);
  /** Bulk user `n`: one a second in 2021; every tenth banned, every third verified. */
  const bulkUser = (n: number) => ({
    id: `export-${String(n).padStart(5, '0')}`,
    name: `Exported ${n}`,
    email: `exported-${n}@export.example`,
    emailVerified: flag(n % 3 === 0),
    createdAt: new Date(Date.UTC(2021, 0, 1) + n * 1000).toISOString(),
    updatedAt: new Date(Date.UTC(2021, 0, 1)).toISOString(),
    role: 'user',
    banned: flag(n % 10 === 0),
    banReason: n % 10 === 0 ? 'bulk' : null,
  });
  const exportOf = async (query: string) => {
    const response = await root.client.get(`/api/v1/admin/users/export?${query}`);
    expect(response.status, response.text).toBe(200);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual(HEADER);
    return { response, rows };
  };
  /** Counts the list queries of exports that read no search: each batch reads `user as u` once. */
  const countBatches = () => {
    const selectFrom = vi.spyOn(suite.context.database.db, 'selectFrom');
    return () => selectFrom.mock.calls.filter(([from]) => from === 'user as u').length;
  };
  afterEach(() => vi.restoreAllMocks());

  beforeAll(async () => {
    root = await admin(suite.context, 'Export Admin');
    const rows = Array.from({ length: BULK }, (_, n) => bulkUser(n));
    for (let start = 0; start < rows.length; start += 500)
      await suite.context.database.db
        .insertInto('user')
        .values(rows.slice(start, start + 500))
        .execute();
  });

  it('streams every user, newest first, complete, in batches of 100 then 1,000, as a named CSV download', async () => {
    const expected = await sql<{ id: string }>`select id from "user" order by "createdAt" desc, id desc`.execute(
      suite.context.database.db,
    );
    expect(expected.rows.length).toBeGreaterThan(BULK);
    const batches = countBatches();
    const { response, rows } = await exportOf('');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="users-${day}.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(rows.map((row) => row[0])).toEqual(expected.rows.map((row) => row.id));
    expect(batches()).toBe(batchesFor(expected.rows.length));
    const last = rows.at(-1)!;
    expect(last).toEqual([
      'export-00000',
      'Exported 0',
      'exported-0@export.example',
      'true',
      'user',
      'true',
      'bulk',
      '',
      'false',
      'false',
      '',
      '',
      '',
      '2021-01-01T00:00:00.000Z',
    ]);
  });

  it('reads each batch only when the client has taken the one before', async () => {
    const batches = countBatches();
    const response = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/v1/admin/users/export?sortBy=email&sortDirection=asc`, {
        headers: { cookie: root.client.cookieHeader, origin: TEST_ORIGIN },
      }),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect([...first.value!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(batches()).toBe(1);
    // Last by email: only an export still reading finds them, at its end.
    await suite.context.database.db
      .insertInto('user')
      .values({ ...bulkUser(BULK), id: 'export-late', email: 'zz-late@export.example' })
      .execute();
    const chunks = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const rows = parseCsv(Buffer.concat(chunks).toString('utf8')).slice(1);
    expect(rows.at(-1)![0]).toBe('export-late');
    expect(batches()).toBe(batchesFor(rows.length));
    await suite.context.database.db.deleteFrom('user').where('id', '=', 'export-late').execute();
  });

  it("applies the list's search and filters, its order, and no paging", async () => {
    const ids = async (query: string) => (await exportOf(query)).rows.map((row) => row[0]);
    const bannedVerified = Array.from({ length: BULK }, (_, n) => n)
      .filter((n) => n % 10 === 0 && n % 3 === 0)
      .map((n) => bulkUser(n).id);
    expect(
      await ids('search=export.example&banned=true&emailVerified=true&sortBy=createdAt&sortDirection=asc'),
    ).toEqual(bannedVerified);
    // More matches than the list counts: all of them, oldest first.
    const unbanned = await ids('search=export.example&banned=false&sortDirection=asc&limit=10&offset=30&cursor=x');
    expect(unbanned).toEqual(
      Array.from({ length: BULK }, (_, n) => n)
        .filter((n) => n % 10 !== 0)
        .map((n) => bulkUser(n).id),
    );
    expect(await ids(`search=${bulkUser(7).id}&searchField=name`)).toEqual([bulkUser(7).id]);
    expect(await ids('search=nobody-matches-this')).toEqual([]);
  });

  it('writes cells that look like formulas as text, so a spreadsheet never runs them', async () => {
    const names = ['=HYPERLINK("https://evil.example","open")', '+1+1', '-2+3', '@SUM(A1:A2)', 'Plain "Quoted", Name'];
    await suite.context.database.db
      .insertInto('user')
      .values(
        names.map((name, n) => ({
          ...bulkUser(BULK + 1 + n),
          id: `formula-${n}`,
          name,
          email: `formula-${n}@f.example`,
        })),
      )
      .execute();
    const { rows } = await exportOf('search=f.example&sortDirection=asc');
    expect(rows.map((row) => row[1])).toEqual([
      `'=HYPERLINK("https://evil.example","open")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1:A2)",
      'Plain "Quoted", Name',
    ]);
  });

  it("refuses bad views with the list's messages, and everyone but a signed-in admin", async () => {
    for (const [query, message] of [
      ['banned=maybe', 'banned must be true or false'],
      ['twoFactorEnabled=1', 'twoFactorEnabled must be true or false'],
      ['sortBy=password', 'sortBy must be createdAt, name or email'],
      ['searchField=id', 'searchField must be email or name'],
      [`search=${'x'.repeat(201)}`, 'search is at most 200 characters'],
    ]) {
      const response = await root.client.get(`/api/v1/admin/users/export?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    const user = await plainUser(suite.context, 'Export Snoop');
    const path = '/api/v1/admin/users/export?search=export.example';
    for (const client of [user.client, (await guest(suite.context)).client]) {
      const response = await client.get(path);
      expect(response.status).toBe(403);
      expect(response.text).not.toContain('export.example');
    }
    expect((await new TestClient(suite.context.app).get(path)).status).toBe(401);
    for (const key of [await apiKey(root), await apiKey(user)]) {
      const response = await new TestClient(suite.context.app).get(path, { [API_KEY_HEADER]: key });
      expect(response.status).toBe(403);
      expect(response.text).not.toContain('export.example');
    }
    // A page of another site gets no read of the file, even with the admin signed in.
    const foreign = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        headers: { cookie: root.client.cookieHeader, origin: 'https://evil.example' },
      }),
    );
    await foreign.body?.cancel();
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
