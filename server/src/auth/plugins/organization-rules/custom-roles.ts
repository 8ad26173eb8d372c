import { APIError } from 'better-auth/api';
import { customRoleNameSchema, holdsAll, rolePermissionSchema } from '#common/organization-roles';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { beyondYours } from './grant-rule';
import { fieldOf, textOf } from './request-fields';
import { askingMember, can, exact, validated, type Rule } from './rule';
import { customRoleNamed, roleInUse } from './standing';

const inUse = () => APIError.from('CONFLICT', CODES.ROLE_IN_USE);
const roleNamedIn = (body: unknown) => ({ roleName: textOf(body, 'roleName'), roleId: textOf(body, 'roleId') });

/**
 * Custom roles (decision 0092): valid names and permissions, none beyond the editor's own, no role
 * stronger than the editor edited, and no role renamed or deleted while members or pending
 * invitations hold it (Better Auth would leave them a role string that names nothing).
 */
export const customRoleRules: Rule[] = [
  {
    path: '/organization/create-role',
    check: async (ctx, db) => {
      exact(customRoleNameSchema, fieldOf(ctx.body, 'role'), 'Role name');
      const permission = validated(rolePermissionSchema, fieldOf(ctx.body, 'permission'));
      const standing = (await askingMember(ctx, db))?.standing;
      if (!standing || !can(standing, 'ac', 'create')) return;
      if (!holdsAll(standing.permissions, permission)) throw beyondYours();
    },
  },
  {
    path: '/organization/update-role',
    check: async (ctx, db) => {
      const data = fieldOf(ctx.body, 'data');
      const newName = fieldOf(data, 'roleName');
      if (newName !== undefined) exact(customRoleNameSchema, newName, 'Role name');
      const newPermission = fieldOf(data, 'permission');
      const permission = newPermission === undefined ? undefined : validated(rolePermissionSchema, newPermission);
      const asking = await askingMember(ctx, db);
      if (!asking) return;
      const { organizationId, standing } = asking;
      if (!can(standing, 'ac', 'update')) return;
      const role = await customRoleNamed(db, organizationId, roleNamedIn(ctx.body));
      if (!role) return;
      if (!holdsAll(standing.permissions, role.permission)) throw beyondYours();
      if (permission && !holdsAll(standing.permissions, permission)) throw beyondYours();
      if (typeof newName === 'string' && newName !== role.role && (await roleInUse(db, organizationId, role.role)))
        throw inUse();
    },
  },
  {
    path: '/organization/delete-role',
    check: async (ctx, db) => {
      const asking = await askingMember(ctx, db);
      if (!asking) return;
      const { organizationId, standing } = asking;
      if (!can(standing, 'ac', 'delete')) return;
      const role = await customRoleNamed(db, organizationId, roleNamedIn(ctx.body));
      if (role && (await roleInUse(db, organizationId, role.role))) throw inUse();
    },
  },
];
