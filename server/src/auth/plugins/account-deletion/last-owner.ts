import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { isOwnerRole } from '#common/roles';
import type { DB } from '../../../db/schema';

/**
 * The names of the organizations the user alone owns while others belong to them: deleting the
 * account would leave those people in an organization no one can manage.
 */
export async function organizationsLeftWithoutOwner(db: Kysely<DB>, userId: string): Promise<string[]> {
  // The user's organizations, once for each other member: one with none is nobody else's concern.
  const rows = await db
    .selectFrom('member as own')
    .innerJoin('organization', 'organization.id', 'own.organizationId')
    .innerJoin('member as other', 'other.organizationId', 'own.organizationId')
    .select(['organization.id', 'organization.name', 'own.role as ownRole', 'other.role as otherRole'])
    .where('own.userId', '=', userId)
    .where('other.userId', '!=', userId)
    .execute();
  const ownedByOthers = new Set(rows.filter((row) => isOwnerRole(row.otherRole)).map((row) => row.id));
  const left = new Map<string, string>();
  for (const row of rows) if (isOwnerRole(row.ownRole) && !ownedByOthers.has(row.id)) left.set(row.id, row.name);
  return [...left.values()].sort((a, b) => a.localeCompare(b));
}

/** What a refused deletion says: the organizations by name, and what to do about them. */
export function lastOwnerMessage(names: string[], whose: 'your' | 'their') {
  const list = names.map((name) => `"${name}"`).join(', ');
  const subject = whose === 'your' ? 'You are' : 'This user is';
  return `${subject} the last owner of ${list}. Make another member an owner, or delete the organization, first.`;
}

/** The refusal, with the code of `ACCOUNT_DELETION_ERROR_CODES.LAST_OWNER` and the organizations named. */
export const lastOwnerError = (names: string[], whose: 'your' | 'their') =>
  new APIError('BAD_REQUEST', { code: 'LAST_OWNER', message: lastOwnerMessage(names, whose) });
