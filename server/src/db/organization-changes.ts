import type { Transaction } from 'kysely';
import { organizationConfirmationText } from '#common/admin';
import { isOwnerRole, type OrganizationRole } from '#common/roles';
import type { Database } from './database';
import { deleteOrganizations } from './organization-deletion';
import { membershipTransaction } from './membership-turns';
import { lockOrganization } from './organization-lock';
import type { DB } from './schema';

/*
 * Changes to an organization's members and the organization itself that its admins (platform admins'
 * routes) and its own owners (the organization page's routes) make, each in one transaction under the
 * organization's lock.
 */

/** What became of a change to a member that exists: made, or refused to keep the last owner. */
export interface MemberOutcome {
  lastOwner: boolean;
  userId: string;
  /** The role as it was stored before (and, when refused, still is). */
  previousRole: string;
}

/**
 * A change to one member, in one transaction under the organization's lock: the member must belong
 * to that organization, and an organization never loses its last owner (decision 0036).
 */
async function changeMember(
  database: Database,
  organizationId: string,
  memberId: string,
  keepsOwnership: (member: { role: string }) => boolean,
  change: (trx: Transaction<DB>, member: { userId: string; role: string }) => Promise<void>,
): Promise<MemberOutcome | 'organization-not-found' | 'member-not-found'> {
  return membershipTransaction(database, async (trx) => {
    if (!(await lockOrganization(trx, database.engine, organizationId))) return 'organization-not-found';
    const member = await trx
      .selectFrom('member')
      .select(['userId', 'role'])
      .where('id', '=', memberId)
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!member) return 'member-not-found';
    const outcome = { lastOwner: false, userId: member.userId, previousRole: member.role };
    if (isOwnerRole(member.role) && !keepsOwnership(member)) {
      const owners = await trx
        .selectFrom('member')
        .select('role')
        .where('organizationId', '=', organizationId)
        .where('id', '!=', memberId)
        .where('role', 'like', '%owner%')
        .execute();
      if (!owners.some((other) => isOwnerRole(other.role))) return { ...outcome, lastOwner: true };
    }
    await change(trx, member);
    return outcome;
  });
}

/** Gives the member this one role (what they held before, several roles included, is replaced). */
export const setMemberRole = (database: Database, organizationId: string, memberId: string, role: OrganizationRole) =>
  changeMember(
    database,
    organizationId,
    memberId,
    () => role === 'owner',
    async (trx) => {
      await trx.updateTable('member').set({ role }).where('id', '=', memberId).execute();
    },
  );

/**
 * Removes the member and their places in the organization's teams, as Better Auth's own member
 * removal does (its team counts follow the places).
 */
export const removeMember = (database: Database, organizationId: string, memberId: string) =>
  changeMember(
    database,
    organizationId,
    memberId,
    () => false,
    async (trx, member) => {
      const places = await trx
        .deleteFrom('teamMember')
        .where('userId', '=', member.userId)
        .where('teamId', 'in', trx.selectFrom('team').select('id').where('organizationId', '=', organizationId))
        .returning('teamId')
        .execute();
      const teamIds = [...new Set(places.map((place) => place.teamId))];
      if (teamIds.length > 0) {
        await trx
          .updateTable('team')
          .set((eb) => ({
            memberCount: eb
              .selectFrom('teamMember')
              .select((count) => count.fn.countAll<number>().as('places'))
              .whereRef('teamMember.teamId', '=', 'team.id'),
          }))
          .where('id', 'in', teamIds)
          .execute();
      }
      await trx.deleteFrom('member').where('id', '=', memberId).execute();
    },
  );

/**
 * Cancels a pending invitation as Better Auth does (its status becomes `canceled`); one that was
 * answered or cancelled already is left as it is.
 */
export async function cancelInvitation(database: Database, organizationId: string, invitationId: string) {
  const cancelled = await database.db
    .updateTable('invitation')
    .set({ status: 'canceled' })
    .where('id', '=', invitationId)
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .returning(['email'])
    .executeTakeFirst();
  if (cancelled) return cancelled;
  const found = await database.db
    .selectFrom('invitation')
    .select('id')
    .where('id', '=', invitationId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return found ? 'not-pending' : 'not-found';
}

/**
 * Deletes the organization when `confirmName` is its name as typed (`organizationConfirmationText`:
 * a name stored before the name rule, cut to what can be typed): its team places, teams,
 * invitations, members and itself, in one transaction (Better Auth's own deletion leaves the teams
 * to the foreign keys; here nothing depends on them). `refusal`, when given, is asked under the
 * lock first: a member deleting their organization must still be one who may (`memberRefusal`).
 */
export async function deleteOrganization<Refusal extends string = never>(
  database: Database,
  organizationId: string,
  confirmName: string,
  refusal?: (trx: Transaction<DB>) => Promise<Refusal | undefined>,
) {
  return membershipTransaction(database, async (trx) => {
    const organization = await lockOrganization(trx, database.engine, organizationId);
    if (!organization) return 'not-found' as const;
    const refused = await refusal?.(trx);
    if (refused) return refused;
    if (organizationConfirmationText(organization.name) !== confirmName) return 'name-mismatch' as const;
    await deleteOrganizations(trx, [organizationId]);
    return organization;
  });
}

/** What a transfer reads of the new owner's account, under the lock. */
export interface TransferTargetAccount {
  banned: boolean | number | null;
  banExpires: Date | string | null;
  isAnonymous: boolean | number | null;
}

/** What a transfer did: the new owner's membership (and user, and role before), and the caller's, now admin. */
export interface Transfer {
  ownerMemberId: string;
  ownerUserId: string;
  ownerPreviousRole: string;
  previousOwnerMemberId: string;
}

/**
 * An owner hands the organization to another of its members: the member becomes `owner`, the caller
 * `admin` (whatever roles either held), in one transaction under the organization's lock. Both are
 * read under the lock: transfers at once run one after the other, each reading what the one before
 * wrote (a caller an earlier transfer made admin is refused), and the organization keeps an owner.
 * The new owner's account must be one that `mayOwn` (the route's rule: active and registered).
 */
export async function transferOwnership(
  database: Database,
  organizationId: string,
  callerUserId: string,
  memberId: string,
  mayOwn: (account: TransferTargetAccount) => boolean,
): Promise<Transfer | 'organization-not-found' | 'not-owner' | 'member-not-found' | 'self' | 'target-not-allowed'> {
  return membershipTransaction(database, async (trx) => {
    if (!(await lockOrganization(trx, database.engine, organizationId))) return 'organization-not-found';
    const members = await trx
      .selectFrom('member as m')
      .innerJoin('user as u', 'u.id', 'm.userId')
      .select(['m.id', 'm.userId', 'm.role', 'u.banned', 'u.banExpires', 'u.isAnonymous'])
      .where('m.organizationId', '=', organizationId)
      .where((eb) => eb.or([eb('m.userId', '=', callerUserId), eb('m.id', '=', memberId)]))
      .execute();
    const caller = members.find((member) => member.userId === callerUserId);
    if (!caller) return 'organization-not-found';
    if (!isOwnerRole(caller.role)) return 'not-owner';
    const target = members.find((member) => member.id === memberId);
    if (!target) return 'member-not-found';
    if (target.id === caller.id) return 'self';
    if (!mayOwn(target)) return 'target-not-allowed';
    await trx.updateTable('member').set({ role: 'owner' }).where('id', '=', target.id).execute();
    await trx.updateTable('member').set({ role: 'admin' }).where('id', '=', caller.id).execute();
    return {
      ownerMemberId: target.id,
      ownerUserId: target.userId,
      ownerPreviousRole: target.role,
      previousOwnerMemberId: caller.id,
    };
  });
}
