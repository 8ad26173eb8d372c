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

/** An organization handed over when its last owner went without asking (decision 0061). */
export interface OwnerHandover {
  organizationId: string;
  newOwnerId: string;
}

/**
 * For a user going without being asked (the guest sweep): each organization they alone own while
 * others belong to it passes to its longest-standing registered member, or, with none, its
 * longest-standing guest (decision 0061). That member's role becomes `owner`. In the caller's
 * transaction, which holds the organizations' locks.
 */
export async function handOverOwnedOrganizations(trx: Kysely<DB>, userId: string): Promise<OwnerHandover[]> {
  // The organizations the user owns; each is looked at with its other members below.
  const owned = await trx
    .selectFrom('member')
    .select(['organizationId', 'role'])
    .where('userId', '=', userId)
    .execute();
  const organizationIds = owned.filter((row) => isOwnerRole(row.role)).map((row) => row.organizationId);
  const handovers: OwnerHandover[] = [];
  for (const organizationId of organizationIds) {
    const others = await trx
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['member.id', 'member.userId', 'member.role', 'member.createdAt', 'user.isAnonymous'])
      .where('member.organizationId', '=', organizationId)
      .where('member.userId', '!=', userId)
      .execute();
    // Nobody else (the organization goes with the user), or another owner still there.
    if (others.some((member) => isOwnerRole(member.role))) continue;
    // Registered before guests, then the earliest to join (a Date on PostgreSQL, ISO text on SQLite).
    const joined = (member: (typeof others)[number]) => new Date(member.createdAt).getTime();
    const [heir] = others.sort(
      (a, b) => Number(Boolean(a.isAnonymous)) - Number(Boolean(b.isAnonymous)) || joined(a) - joined(b),
    );
    if (!heir) continue;
    await trx.updateTable('member').set({ role: 'owner' }).where('id', '=', heir.id).execute();
    handovers.push({ organizationId, newOwnerId: heir.userId });
  }
  return handovers;
}
