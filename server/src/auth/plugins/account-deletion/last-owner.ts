import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { isOwnerRole } from '#common/roles';
import type { DB } from '../../../db/schema';

/**
 * The names of the organizations the user alone owns while others belong to them: deleting the
 * account would leave those people in an organization no one can manage.
 */
export async function organizationsLeftWithoutOwner(db: Kysely<DB>, userId: string): Promise<string[]> {
  const owned = await db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select(['organization.id', 'organization.name', 'member.role'])
    .where('member.userId', '=', userId)
    .execute();
  const ownedIds = owned.filter((row) => isOwnerRole(row.role)).map((row) => row.id);
  if (ownedIds.length === 0) return [];
  const others = await db
    .selectFrom('member')
    .select(['organizationId', 'role'])
    .where('organizationId', 'in', ownedIds)
    .where('userId', '!=', userId)
    .execute();
  return owned
    .filter((row) => ownedIds.includes(row.id))
    .filter((row) => {
      const rest = others.filter((other) => other.organizationId === row.id);
      return rest.length > 0 && !rest.some((other) => isOwnerRole(other.role));
    })
    .map((row) => row.name)
    .sort((a, b) => a.localeCompare(b));
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
