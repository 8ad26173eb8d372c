import { APIError } from 'better-auth/api';
import { holdsAll } from '#common/organization-roles';
import { isOwnerRole } from '#common/roles';
import type { Kysely } from 'kysely';
import { permissionsOf } from '../../../db/organization-roles';
import type { DB } from '../../../db/schema';
import type { HookContext } from '../../auth-hook';
import { getTeamAdapter } from '../team-permissions/adapter';
import { loadTeamAccess, requirePermission } from '../team-permissions/team-access';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { fieldOf, rolesNamed, textOf } from './request-fields';
import { askingMember, callerOf, can, type Rule } from './rule';
import { standingIn, type Standing } from './standing';

export const beyondYours = () => APIError.from('FORBIDDEN', CODES.ROLE_BEYOND_YOURS);

/** Refuses when a stored role (a member's or an invitation's) holds more than the caller does. */
async function refuseStronger(db: Kysely<DB>, organizationId: string, standing: Standing, role: string) {
  if (!holdsAll(standing.permissions, await permissionsOf(db, organizationId, role))) throw beyondYours();
}

/** The member `remove-member` names, by member id or by email, as Better Auth finds them. */
async function memberNamed(db: Kysely<DB>, organizationId: string, memberIdOrEmail: string) {
  const query = db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select('member.role')
    .where('member.organizationId', '=', organizationId);
  return (
    memberIdOrEmail.includes('@')
      ? query.where('user.email', '=', memberIdOrEmail.toLowerCase())
      : query.where('member.id', '=', memberIdOrEmail)
  ).executeTakeFirst();
}

/**
 * Teams an invitation puts its invitee in: only those the inviter sees and may add members to, as the
 * team endpoints rule (a team they may not see answers like a missing one).
 */
async function refuseTeamsBeyondYours(ctx: HookContext, userId: string) {
  const teamId = fieldOf(ctx.body, 'teamId');
  const teamIds = (Array.isArray(teamId) ? teamId : [teamId]).filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  // Every team seen first: a team the inviter may not see answers 404 wherever it stands in the list.
  const teams = getTeamAdapter(ctx.context);
  const accesses = await Promise.all(teamIds.map((id) => loadTeamAccess(teams, id, userId)));
  for (const access of accesses) requirePermission(access, 'team:addMember');
}

/**
 * Nobody grants a permission they do not hold (decision 0092): the roles given to a member or an
 * invitation (resent ones too) are within the giver's permissions, and so are the member's current
 * ones: nobody demotes or removes someone stronger, nor cancels an invitation beyond their own role.
 * Only an owner changes their own role. An invitation's teams are ones the inviter may add members to.
 */
export const grantRules: Rule[] = [
  {
    path: '/organization/update-member-role',
    check: async (ctx, db) => {
      const asking = await askingMember(ctx, db);
      if (!asking) return;
      const { organizationId, standing } = asking;
      const roles = rolesNamed(fieldOf(ctx.body, 'role'));
      const memberId = textOf(ctx.body, 'memberId');
      if (!roles || !memberId || !can(standing, 'member', 'update')) return;
      const target = await db
        .selectFrom('member')
        .select(['id', 'role'])
        .where('id', '=', memberId)
        .where('organizationId', '=', organizationId)
        .executeTakeFirst();
      if (!target) return;
      if (target.id === standing.memberId && !isOwnerRole(standing.role))
        throw APIError.from('FORBIDDEN', CODES.OWN_ORGANIZATION_ROLE);
      await refuseStronger(db, organizationId, standing, roles.join(','));
      await refuseStronger(db, organizationId, standing, target.role);
    },
  },
  {
    path: '/organization/invite-member',
    check: async (ctx, db) => {
      const asking = await askingMember(ctx, db);
      if (!asking) return;
      const { organizationId, standing } = asking;
      const roles = rolesNamed(fieldOf(ctx.body, 'role'));
      if (!roles || !can(standing, 'invitation', 'create')) return;
      await refuseStronger(db, organizationId, standing, roles.join(','));
      // A resend re-issues the pending invitation with its stored role, whatever the body names.
      const email = textOf(ctx.body, 'email');
      if (fieldOf(ctx.body, 'resend') === true && email) {
        const pending = await db
          .selectFrom('invitation')
          .select('role')
          .where('organizationId', '=', organizationId)
          .where('email', '=', email.toLowerCase())
          .where('status', '=', 'pending')
          .execute();
        for (const invitation of pending) await refuseStronger(db, organizationId, standing, invitation.role ?? '');
      }
      await refuseTeamsBeyondYours(ctx, asking.userId);
    },
  },
  {
    path: '/organization/remove-member',
    check: async (ctx, db) => {
      const asking = await askingMember(ctx, db);
      if (!asking) return;
      const { organizationId, standing } = asking;
      const memberIdOrEmail = textOf(ctx.body, 'memberIdOrEmail');
      if (!memberIdOrEmail || !can(standing, 'member', 'delete')) return;
      const target = await memberNamed(db, organizationId, memberIdOrEmail);
      if (target) await refuseStronger(db, organizationId, standing, target.role);
    },
  },
  {
    path: '/organization/cancel-invitation',
    check: async (ctx, db) => {
      const caller = await callerOf(ctx);
      const invitationId = textOf(ctx.body, 'invitationId');
      if (!caller || !invitationId) return;
      const invitation = await db
        .selectFrom('invitation')
        .select(['organizationId', 'role'])
        .where('id', '=', invitationId)
        .executeTakeFirst();
      if (!invitation) return;
      const standing = await standingIn(db, invitation.organizationId, caller.userId);
      if (!standing || !can(standing, 'invitation', 'cancel')) return;
      await refuseStronger(db, invitation.organizationId, standing, invitation.role ?? '');
    },
  },
];
