import type { Kysely, Selectable } from 'kysely';
import type { AdminUserList, AdminUserListQuery, AdminUserRow } from '#common/admin';
import { toIsoDate } from '../../../db/dates';
import type { DB, UserTable } from '../../../db/schema';
import { encodeCursor } from './cursor';

/** The columns of a user the list shows. */
export const COLUMNS = [
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
  'u.twoFactorEnabled',
  'u.createdAt',
  'u.updatedAt',
] as const;

type ColumnName<T> = T extends `u.${infer Name extends keyof UserTable}` ? Name : never;

/** A user of the page, with its sort value as the database compares it. */
export type PageRow = Pick<Selectable<UserTable>, ColumnName<(typeof COLUMNS)[number]>> & { sortKey: string };

const flag = (value: unknown) => value === true || value === 1 || value === '1';

/**
 * The answer for a page of rows in the view's order: each user with their first organization (by
 * membership date) from one more query for the whole page, and the cursors next to the page (Next's
 * only when a row follows it).
 */
export async function assemblePage(
  db: Kysely<DB>,
  query: AdminUserListQuery,
  count: { total: number; totalCapped: boolean },
  rows: PageRow[],
  hasNext: boolean,
): Promise<AdminUserList> {
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

  const cursorAt = (row: PageRow | undefined, after: boolean) =>
    row
      ? encodeCursor({
          after,
          sortBy: query.sortBy,
          sortDirection: query.sortDirection,
          key: row.sortKey,
          id: row.id,
        })
      : null;
  return {
    total: count.total,
    totalCapped: count.totalCapped,
    limit: query.limit,
    offset: query.offset,
    nextCursor: hasNext ? cursorAt(rows.at(-1), true) : null,
    previousCursor: query.offset > 0 ? cursorAt(rows[0], false) : null,
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
        twoFactorEnabled: flag(row.twoFactorEnabled),
        createdAt: toIsoDate(row.createdAt),
        updatedAt: toIsoDate(row.updatedAt),
        organizationId: membership?.organizationId ?? null,
        organizationName: membership?.organizationName ?? null,
        organizationRole: membership?.role ?? null,
      };
    }),
  };
}
