import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdminOrganizationMember } from '#common/admin-organization-members';
import { decodeCursor, encodeCursor } from '../lib/keyset-cursor';
import type { Database } from './database';
import { isStoredTime, toIsoDate } from './dates';
import { containsPattern } from './like-pattern';

/** Where a page starts: the join date (as the database compares it) and id of the member before it. */
export interface MemberCursor {
  key: string;
  id: string;
}

const encodeMemberCursor = ({ key, id }: MemberCursor) => encodeCursor('organization-members', [key, id]);

/** A cursor this list gave, or 'invalid' (forged, truncated, of another list): never a query that fails. */
export function decodeMemberCursor(cursor: string): MemberCursor | 'invalid' {
  const values = decodeCursor('organization-members', cursor, 2);
  if (values === 'invalid') return 'invalid';
  const [key, id] = values as [string, string];
  return id && isStoredTime(key) ? { key, id } : 'invalid';
}

/** Which members a page and its total hold: those whose name or email contains `search`, those without two-factor. */
export interface MemberFilter {
  search?: string;
  withoutTwoFactor?: boolean;
}

/** A member with who they are, and whether their account uses two-factor (for those allowed to see it). */
export type MemberRow = AdminOrganizationMember & { twoFactorEnabled: boolean };

export interface MemberPage {
  members: MemberRow[];
  nextCursor: string | null;
}

/**
 * The filter's conditions on the member's user `u`. The search is a plain LIKE (ILIKE on PostgreSQL)
 * within one organization's members: case-insensitive (SQLite folds ASCII only), wildcards taken literally.
 */
function conditionsOf({ engine }: Database, { search, withoutTwoFactor }: MemberFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (search) {
    const pattern = containsPattern(search);
    const like = sql.raw(engine === 'postgres' ? 'ilike' : 'like');
    conditions.push(
      sql<SqlBool>`(${sql.ref('u.name')} ${like} ${pattern} escape '\\' or ${sql.ref('u.email')} ${like} ${pattern} escape '\\')`,
    );
  }
  if (withoutTwoFactor) conditions.push(sql<SqlBool>`not coalesce(${sql.ref('u.twoFactorEnabled')}, false)`);
  return conditions;
}

/**
 * A page of an organization's members, oldest first, then by id (join dates can tie), after the
 * cursor's member. It walks the index (organizationId, createdAt, id) from the cursor on and stops
 * after `limit` + 1 rows that pass the filter, however deep the page.
 */
export async function memberPage(
  database: Database,
  organizationId: string,
  limit: number,
  after?: MemberCursor,
  filter: MemberFilter = {},
): Promise<MemberPage> {
  const { db, engine } = database;
  // The join date as the database compares it (a Date would lose PostgreSQL's microseconds).
  const sortKey =
    engine === 'postgres'
      ? sql<string>`cast(${sql.ref('m.createdAt')} as text)`
      : sql<string>`${sql.ref('m.createdAt')}`;
  let query = db
    .selectFrom('member as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .select([
      'm.id',
      'm.userId',
      'u.email',
      'u.name',
      'u.image',
      'm.role',
      'm.createdAt',
      'u.twoFactorEnabled',
      sortKey.as('sortKey'),
    ])
    .where('m.organizationId', '=', organizationId);
  for (const condition of conditionsOf(database, filter)) query = query.where(condition);
  if (after)
    query = query.where(sql<SqlBool>`(${sql.ref('m.createdAt')}, ${sql.ref('m.id')}) > (${after.key}, ${after.id})`);
  const rows = await query
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    members: page.map(({ sortKey: _sortKey, ...member }) => ({
      ...member,
      image: member.image ?? null,
      createdAt: toIsoDate(member.createdAt),
      twoFactorEnabled: Boolean(member.twoFactorEnabled),
    })),
    nextCursor: rows.length > limit && last ? encodeMemberCursor({ key: String(last.sortKey), id: last.id }) : null,
  };
}

/** A member as the admin's pages show them (without their two-factor). */
export const adminMemberOf = ({ twoFactorEnabled: _twoFactorEnabled, ...member }: MemberRow): AdminOrganizationMember =>
  member;

/**
 * How many members the organization has (that pass the filter): without one, a count of its range in
 * an index by organization.
 */
export async function memberCount(database: Database, organizationId: string, filter: MemberFilter = {}) {
  const conditions = conditionsOf(database, filter);
  let query = database.db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('member.organizationId', '=', organizationId);
  if (conditions.length > 0) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('user as u').select('u.id').whereRef('u.id', '=', 'member.userId').where(eb.and(conditions)),
      ),
    );
  }
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}
