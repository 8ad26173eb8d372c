import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AdminUserList, AdminUserListQuery, AdminUserRow } from '#common/admin';
import type { Database } from '../../db/database';
import { toIsoDate } from '../../db/dates';

/** Past the last page a windowed count has no row to ride on: count on its own. */
async function countAll(filtered: SelectQueryBuilder<any, 'u', object>): Promise<number> {
  const row = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Shorter terms have no trigram to look up; they are matched by a plain scan. */
const TRIGRAM = 3;

function searchCondition(database: Database, field: 'email' | 'name', term: string): Expression<SqlBool> {
  if (database.engine === 'postgres') {
    // ILIKE with a trigram GIN index on the column; the term's own wildcards are escaped.
    const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
    return sql<SqlBool>`${sql.ref(`u.${field}`)} ilike ${`%${escaped}%`}`;
  }
  if (term.length >= TRIGRAM) {
    // A quoted FTS5 phrase of trigrams matches the term anywhere in the column, case-insensitively.
    const phrase = `{${field}} : "${term.replace(/"/g, '""')}"`;
    return sql<SqlBool>`u.rowid in (select rowid from user_search where user_search match ${phrase})`;
  }
  return sql<SqlBool>`instr(lower(${sql.ref(`u.${field}`)}), ${term.toLowerCase()}) > 0`;
}

/**
 * One page of users with the total, searched, filtered and sorted by the database, and each user's
 * first organization (by membership date) from one more query for the whole page.
 */
export async function listUsers(database: Database, query: AdminUserListQuery): Promise<AdminUserList> {
  const { db } = database;
  let filtered = db.selectFrom('user as u');
  if (query.role !== 'all') filtered = filtered.where('u.role', '=', query.role);
  if (query.search) filtered = filtered.where(searchCondition(database, query.searchField, query.search));

  const page = filtered
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.emailVerified',
      'u.image',
      'u.role',
      'u.banned',
      'u.banReason',
      'u.banExpires',
      'u.isAnonymous',
      'u.createdAt',
      'u.updatedAt',
    ])
    .orderBy(`u.${query.sortBy}`, query.sortDirection)
    .orderBy('u.id', query.sortDirection)
    .limit(query.limit)
    .offset(query.offset);

  let rows: Awaited<ReturnType<typeof page.execute>>;
  let total: number;
  if (query.search) {
    // A search matches few rows: one query returns the page and, in each row, the count of all matches.
    const counted = await page.select(sql<number>`count(*) over ()`.as('matches')).execute();
    rows = counted;
    total = counted.length > 0 ? Number(counted[0]!.matches) : await countAll(filtered);
  } else {
    // Without a search the total is the kept count per role, not a count of every row.
    const counts = db.selectFrom('user_role_count').select((eb) => eb.fn.sum<number>('total').as('total'));
    const [pageRows, kept] = await Promise.all([
      page.execute(),
      (query.role === 'all' ? counts : counts.where('role', '=', query.role)).executeTakeFirst(),
    ]);
    rows = pageRows;
    total = Number(kept?.total ?? 0);
  }
  const memberships = rows.length
    ? await db
        .selectFrom('member as m')
        .innerJoin('organization as o', 'o.id', 'm.organizationId')
        .select(['m.userId', 'm.role', 'o.id as organizationId', 'o.name as organizationName'])
        .where(
          'm.userId',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('m.createdAt', 'asc')
        .execute()
    : [];
  const firstMembership = new Map<string, (typeof memberships)[number]>();
  for (const membership of memberships)
    if (!firstMembership.has(membership.userId)) firstMembership.set(membership.userId, membership);

  const flag = (value: unknown) => value === true || value === 1 || value === '1';
  return {
    total,
    limit: query.limit,
    offset: query.offset,
    users: rows.map((row): AdminUserRow => {
      const membership = firstMembership.get(row.id);
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: flag(row.emailVerified),
        image: row.image ?? null,
        role: row.role ?? 'user',
        banned: flag(row.banned),
        banReason: row.banReason ?? null,
        banExpires: row.banExpires ? toIsoDate(row.banExpires) : null,
        isAnonymous: flag(row.isAnonymous),
        createdAt: toIsoDate(row.createdAt),
        updatedAt: toIsoDate(row.updatedAt),
        organizationId: membership?.organizationId ?? null,
        organizationName: membership?.organizationName ?? null,
        organizationRole: membership?.role ?? null,
      };
    }),
  };
}
