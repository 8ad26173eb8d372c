import { sql, type SqlBool } from 'kysely';
import type { AdminOrganizationMember } from '#common/admin-organization-members';
import type { Database } from '../../db/database';
import { isStoredTime, toIsoDate } from '../../db/dates';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';

/** Where a page starts: the join date (as the database compares it) and id of the member before it. */
export interface MemberCursor {
  key: string;
  id: string;
}

const encodeMemberCursor = ({ key, id }: MemberCursor) => encodeCursor('organization-members', [key, id]);

/** A cursor this route gave, or 'invalid' (forged, truncated, of another list): never a query that fails. */
export function decodeMemberCursor(cursor: string): MemberCursor | 'invalid' {
  const values = decodeCursor('organization-members', cursor, 2);
  if (values === 'invalid') return 'invalid';
  const [key, id] = values as [string, string];
  return id && isStoredTime(key) ? { key, id } : 'invalid';
}

export interface MemberPage {
  members: AdminOrganizationMember[];
  nextCursor: string | null;
}

/**
 * A page of an organization's members, oldest first, then by id (join dates can tie), after the
 * cursor's member. It walks the index (organizationId, createdAt, id) from the cursor on and stops
 * after `limit` + 1 rows, however many members there are and however deep the page.
 */
export async function memberPage(
  { db, engine }: Database,
  organizationId: string,
  limit: number,
  after?: MemberCursor,
): Promise<MemberPage> {
  // The join date as the database compares it (a Date would lose PostgreSQL's microseconds).
  const sortKey =
    engine === 'postgres'
      ? sql<string>`cast(${sql.ref('m.createdAt')} as text)`
      : sql<string>`${sql.ref('m.createdAt')}`;
  let query = db
    .selectFrom('member as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .select(['m.id', 'm.userId', 'u.email', 'u.name', 'u.image', 'm.role', 'm.createdAt', sortKey.as('sortKey')])
    .where('m.organizationId', '=', organizationId);
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
    })),
    nextCursor: rows.length > limit && last ? encodeMemberCursor({ key: String(last.sortKey), id: last.id }) : null,
  };
}

/** How many members the organization has: a count of its range in an index by organization. */
export async function memberCount({ db }: Database, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
