import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, type Person } from '../../../security/support/principals';
import { countQueriesOf, downloadCsv, expectCsvDownload, FORMULA_CELLS, readSlowly } from '#test/csv-export';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { countMatches, keptCount } from './user-list/count';

// The list's counts, watched: an export counts its view once, not once a batch.
vi.mock('./user-list/count', async (importOriginal) => {
  const count = await importOriginal<typeof import('./user-list/count')>();
  return { ...count, keptCount: vi.fn(count.keptCount), countMatches: vi.fn(count.countMatches) };
});

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
  const exportOf = (query: string) => downloadCsv(root.client, `/api/v1/admin/users/export?${query}`, HEADER);
  /** Counts the list queries of exports that read no search: each batch reads `user as u` once. */
  const countBatches = () => countQueriesOf(suite.context, 'user as u');
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
    expectCsvDownload(response, 'users');
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
    const path = '/api/v1/admin/users/export?sortBy=email&sortDirection=asc';
    const rows = await readSlowly(suite.context, root.client, path, async () => {
      expect(batches()).toBe(1);
      // Last by email: only an export still reading finds them, at its end.
      await suite.context.database.db
        .insertInto('user')
        .values({ ...bulkUser(BULK), id: 'export-late', email: 'zz-late@export.example' })
        .execute();
    });
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

  it.each([
    ['no search nor filter', '', 0],
    ['a search', 'search=export.example', 1],
    ['a filter', 'banned=false', 1],
    ['a role, a search and a filter', 'role=user&search=export.example&emailVerified=false', 1],
  ])('counts the view once for all its batches: %s', async (_view, query, searches) => {
    vi.mocked(keptCount).mockClear();
    vi.mocked(countMatches).mockClear();
    const { rows } = await exportOf(query);
    // Past 1,100 users: a batch of 100, then two of 1,000 or more.
    expect(rows.length).toBeGreaterThan(1100);
    expect(vi.mocked(keptCount).mock.calls).toHaveLength(1);
    expect(vi.mocked(countMatches).mock.calls).toHaveLength(searches);
  });

  it('writes cells that look like formulas as text, so a spreadsheet never runs them', async () => {
    const names = [...FORMULA_CELLS.map(([cell]) => cell), 'Plain "Quoted", Name'];
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
    expect(rows.map((row) => row[1])).toEqual([...FORMULA_CELLS.map(([, text]) => text), 'Plain "Quoted", Name']);
  });
});
