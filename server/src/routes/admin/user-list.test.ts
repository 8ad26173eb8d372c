import { describe, expect, it } from 'vitest';
import { adminUserListQuerySchema } from '#common/admin';
import { ENGINES } from '#test/test-context';
import { adminApiPerSuite } from '#test/fixtures/admin';

/** The admin's user list as the console asks it: pages, search, role filter, sort, totals. */
describe.each(ENGINES)('admin API on %s', (engine) => {
  const api = adminApiPerSuite(engine);
  const { list, signUp } = api;

  it('lists users newest first with the total, paginated by offset', async () => {
    const first = await list('limit=10&offset=0');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(7);
    const dates = first.body.users.map((user: { createdAt: string }) => Date.parse(user.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(first.body.users[0]!.email).toBe('edsger@tue.example');

    const page = await list('limit=10&offset=5');
    expect(page.body.users.map((user: { email: string }) => user.email)).toEqual(
      first.body.users.slice(5).map((user: { email: string }) => user.email),
    );
  });

  it('searches email or name, anywhere in the text, case-insensitively', async () => {
    const byEmail = await list('search=BLETCH&searchField=email');
    expect(byEmail.body).toMatchObject({ total: 1, users: [{ name: 'Alan Turing' }] });
    const byName = await list('search=hopp&searchField=name');
    expect(byName.body.users.map((user: { email: string }) => user.email)).toEqual(['grace@navy.example']);
    const short = await list('search=ov&searchField=name');
    expect(short.body.users.map((user: { name: string }) => user.name).sort()).toEqual([
      'Ada Lovelace',
      'Barbara Liskov',
    ]);
    const wildcards = await list(`search=${encodeURIComponent('%_')}&searchField=email`);
    expect(wildcards.body.total).toBe(0);
    const quotes = await list(`search=${encodeURIComponent('a"b')}&searchField=name`);
    expect(quotes.status).toBe(200);
    expect(quotes.body.total).toBe(0);
  });

  it('filters by role and sorts by name', async () => {
    const admins = await list('role=admin');
    expect(admins.body.users.map((user: { email: string }) => user.email)).toEqual(['root@example.com']);
    const users = await list('role=user&sortBy=name&sortDirection=asc');
    expect(users.body.total).toBe(6);
    expect(users.body.users[0]!.name).toBe('Ada Lovelace');
  });

  it('follows an edit at once in search', async () => {
    const { id } = await signUp('rename@example.com', 'Before Rename');
    await api.admin.post('/api/auth/admin/update-user', { userId: id, data: { name: 'After Rename' } });
    expect((await list('search=Before&searchField=name')).body.total).toBe(0);
    expect((await list('search=After Rename&searchField=name')).body.total).toBe(1);
    await api.admin.post('/api/auth/admin/remove-user', { userId: id });
    expect((await list('search=After Rename&searchField=name')).body.total).toBe(0);
  });

  it('keeps the totals right through sign-ups, role changes and removals', async () => {
    const totals = async () => {
      const [all, admins, users] = await Promise.all([list(''), list('role=admin'), list('role=user')]);
      return { all: all.body.total, admins: admins.body.total, users: users.body.total };
    };
    const before = await totals();
    const { id } = await signUp('counted@example.com', 'Counted');
    expect(await totals()).toEqual({ all: before.all + 1, admins: before.admins, users: before.users + 1 });
    await api.admin.post('/api/auth/admin/set-role', { userId: id, role: 'admin' });
    expect(await totals()).toEqual({ all: before.all + 1, admins: before.admins + 1, users: before.users });
    await api.admin.post('/api/auth/admin/remove-user', { userId: id });
    expect(await totals()).toEqual(before);
  });

  it.each([
    ['limit=15', 'limit must be 10, 20, 50 or 100'],
    ['sortBy=password', 'sortBy must be createdAt, name or email'],
    ['offset=-1', 'offset must be 0 or more'],
    ['role=root', 'role must be all, user or admin'],
    ['searchField=id', 'searchField must be email or name'],
  ])('refuses the malformed view %s with a 400 naming the field: %s', async (query, message) => {
    expect(await list(query)).toMatchObject({ status: 400, body: { message } });
  });

  it("refuses control characters in the view's own schema, behind the input guard", () => {
    const parsed = adminUserListQuerySchema.safeParse({ search: 'ab\u0000c' });
    expect(parsed.error?.issues[0]?.message).toBe('search must not contain control characters');
  });
});
