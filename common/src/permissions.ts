import { createAccessControl } from 'better-auth/plugins/access';
import { parseRoles } from './roles';

/**
 * Organization access control (one declaration, used by the server's organization plugin and by the
 * SPA's client). Owners may do everything; admins everything but delete the organization; members
 * may only read the access-control settings.
 */
export const organizationStatements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;

export const organizationAccess = createAccessControl(organizationStatements);

export const organizationRoles = {
  owner: organizationAccess.newRole({ ...organizationStatements }),
  admin: organizationAccess.newRole({ ...organizationStatements, organization: ['update'] }),
  member: organizationAccess.newRole({
    ac: ['read'],
  }),
};

type OrganizationPermissions = {
  [Resource in keyof typeof organizationStatements]?: (typeof organizationStatements)[Resource][number][];
};

/**
 * Whether an organization role (Better Auth stores several as "admin,owner") grants every permission
 * asked: the same access control the server's organization plugin enforces, so the console shows
 * exactly what the server would allow.
 */
export function organizationRoleCan(role: string | null | undefined, permissions: OrganizationPermissions): boolean {
  return parseRoles(role).some((held) => {
    const granted = organizationRoles[held as keyof typeof organizationRoles];
    return granted ? granted.authorize(permissions).success : false;
  });
}
