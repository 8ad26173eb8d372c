import { APIError } from 'better-auth/api';
import { holdsAll } from '#common/organization-roles';
import { isOwnerRole } from '#common/roles';
import { permissionsOf } from '../../../db/organization-roles';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { fieldOf, rolesNamed, textOf } from './request-fields';
import { callerOf, can, organizationOf, type Rule } from './rule';
import { standingIn } from './standing';

export const beyondYours = () => APIError.from('FORBIDDEN', CODES.ROLE_BEYOND_YOURS);

/**
 * Nobody grants a permission they do not hold (decision 0092): the roles given to a member or an
 * invitation are within the giver's permissions, and so are the member's current ones (nobody
 * demotes someone stronger). Only an owner changes their own role.
 */
export const grantRules: Rule[] = [
  {
    path: '/organization/update-member-role',
    check: async (ctx, db) => {
      const caller = await callerOf(ctx);
      if (!caller) return;
      const organizationId = organizationOf(ctx, caller.active);
      const standing = await standingIn(db, organizationId, caller.userId);
      const roles = rolesNamed(fieldOf(ctx.body, 'role'));
      const memberId = textOf(ctx.body, 'memberId');
      if (!standing || !organizationId || !roles || !memberId || !can(standing, 'member', 'update')) return;
      const target = await db
        .selectFrom('member')
        .select(['id', 'role'])
        .where('id', '=', memberId)
        .where('organizationId', '=', organizationId)
        .executeTakeFirst();
      if (!target) return;
      if (target.id === standing.memberId && !isOwnerRole(standing.role))
        throw APIError.from('FORBIDDEN', CODES.OWN_ORGANIZATION_ROLE);
      const given = await permissionsOf(db, organizationId, roles.join(','));
      const held = await permissionsOf(db, organizationId, target.role);
      if (!holdsAll(standing.permissions, given) || !holdsAll(standing.permissions, held)) throw beyondYours();
    },
  },
  {
    path: '/organization/invite-member',
    check: async (ctx, db) => {
      const caller = await callerOf(ctx);
      if (!caller) return;
      const organizationId = organizationOf(ctx, caller.active);
      const standing = await standingIn(db, organizationId, caller.userId);
      const roles = rolesNamed(fieldOf(ctx.body, 'role'));
      if (!standing || !organizationId || !roles || !can(standing, 'invitation', 'create')) return;
      if (!holdsAll(standing.permissions, await permissionsOf(db, organizationId, roles.join(','))))
        throw beyondYours();
    },
  },
];
