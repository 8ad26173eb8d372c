import { APIError } from 'better-auth/api';
import { ORGANIZATION_LIMIT } from '#common/organizations';
import { isPlatformAdmin } from '#common/roles';
import type { Database } from '../db/database';
import { errorOf } from './plugin-error-codes';

/**
 * Better Auth's `organizationLimit`, asked before an organization is created: an account that
 * belongs to `ORGANIZATION_LIMIT` organizations is refused with a message that says what to do (the
 * plugin's own would not); a platform admin has no limit (decision 0060).
 */
export async function organizationLimitReached(database: Database, user: { id: string; role?: unknown }) {
  if (isPlatformAdmin(typeof user.role === 'string' ? user.role : null)) return false;
  const { count } = await database.db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  if (Number(count) < ORGANIZATION_LIMIT) return false;
  throw APIError.from('FORBIDDEN', errorOf('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS'));
}
