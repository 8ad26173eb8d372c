import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { USER_FLAGS, type AdminUserListQuery, type UserFlag } from '#common/admin';
import type { DatabaseEngine } from '../../../db/database';
import type { DB } from '../../../db/schema';

/** One filter of the list: the users whose flag is on (`value` true) or off (false or never set). */
export interface FlagFilter {
  flag: UserFlag;
  value: boolean;
}

export function flagFiltersOf(query: Partial<Pick<AdminUserListQuery, UserFlag>>): FlagFilter[] {
  return USER_FLAGS.flatMap((flag) => {
    const value = query[flag];
    return value === undefined ? [] : [{ flag, value }];
  });
}

/**
 * Two forms of each condition, for the same users: the indexed one names its index's expression
 * exactly; the tested one no index serves, so the engine never reads a large set through it when
 * another index (the driver's, the sort's) is the one to read.
 */
export function indexedFlag(engine: DatabaseEngine, { flag, value }: FlagFilter): Expression<SqlBool> {
  const [off, on] = engine === 'postgres' ? ['false', 'true'] : ['0', '1'];
  return sql<SqlBool>`coalesce(${sql.ref(`u.${flag}`)}, ${sql.raw(off)}) = ${sql.raw(value ? on : off)}`;
}

export const testedFlag = ({ flag, value }: FlagFilter): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(`u.${flag}`)} ${sql.raw(value ? 'is true' : 'is not true')}`;

export const indexedRole = (role: string): Expression<SqlBool> => sql<SqlBool>`u.role = ${role}`;
export const testedRole = (role: string): Expression<SqlBool> => sql<SqlBool>`(u.role = ${role}) is true`;

/**
 * How many users each filter keeps, in the filters' order: from the kept counts of users with each
 * flag on (and of all users), so no user row is read.
 */
export async function flagSizes(db: Kysely<DB>, filters: readonly FlagFilter[]): Promise<number[]> {
  if (filters.length === 0) return [];
  const { rows } = await sql<{ flag: string; total: number | string | null }>`
    select flag, total from user_flag_count
    union all select '', sum(total) from user_role_count`.execute(db);
  const count = (flag: string) => Number(rows.find((row) => row.flag === flag)?.total ?? 0);
  const all = count('');
  return filters.map(({ flag, value }) => (value ? count(flag) : all - count(flag)));
}
