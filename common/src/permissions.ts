import { createAccessControl } from 'better-auth/plugins/access';

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
