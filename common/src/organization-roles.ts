import { z } from 'zod';
import { organizationRoles, organizationStatements } from './permissions';
import { isOwnerRole, parseRoles } from './roles';

/** Each resource of the organization's access control, and the actions a role may be given on it. */
export type OrganizationResource = keyof typeof organizationStatements;
export type OrganizationPermissions = {
  [Resource in OrganizationResource]?: (typeof organizationStatements)[Resource][number][];
};

export const ORGANIZATION_RESOURCES = Object.keys(organizationStatements) as OrganizationResource[];

/** The roles every organization has; custom roles are made beside them (`dynamicAccessControl`). */
export const BUILT_IN_ORGANIZATION_ROLES = Object.keys(organizationRoles) as (keyof typeof organizationRoles)[];

/** Custom roles one organization may hold (Better Auth's `maximumRolesPerOrganization`). */
export const CUSTOM_ROLES_MAX = 20;

/**
 * A custom role's name: lower case (Better Auth lower-cases it anyway), one word of letters, digits
 * and hyphens, never a built-in role's name. It is stored on members as it is, so no commas.
 */
export const customRoleNameSchema = z
  .string({ message: 'Role name is required' })
  .trim()
  .min(2, 'Role name is 2 to 32 characters')
  .max(32, 'Role name is 2 to 32 characters')
  .regex(/^[a-z][a-z0-9-]*$/, 'Role name is lower-case letters, digits and hyphens, starting with a letter')
  .refine(
    (name) => !(BUILT_IN_ORGANIZATION_ROLES as string[]).includes(name),
    'owner, admin and member are built-in roles',
  );

/** A custom role's permissions: only resources and actions the access control declares, each once. */
export const rolePermissionSchema = z
  .object(
    Object.fromEntries(
      ORGANIZATION_RESOURCES.map((resource) => [
        resource,
        z.array(z.enum(organizationStatements[resource] as unknown as [string, ...string[]])).optional(),
      ]),
    ),
  )
  .strict()
  .transform(
    (permissions) =>
      Object.fromEntries(
        Object.entries(permissions)
          .filter(([, actions]) => actions && actions.length > 0)
          .map(([resource, actions]) => [resource, [...new Set(actions)]]),
      ) as OrganizationPermissions,
  );

/** The names among `role` ("admin,editor") that are not built in: the custom roles to look up. */
export const customRoleNames = (role: string | null | undefined) =>
  parseRoles(role).filter((name) => !(BUILT_IN_ORGANIZATION_ROLES as string[]).includes(name));

/**
 * A custom role's permissions as stored (JSON text): those the access control declares, or undefined
 * when the text is unreadable (a role that grants nothing, never a request that fails).
 */
export function storedPermissions(text: string): OrganizationPermissions | undefined {
  try {
    const parsed = rolePermissionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A custom role as the console lists it (Better Auth's `organizationRole` row, permissions parsed). */
export interface CustomRole {
  id: string;
  role: string;
  permission: OrganizationPermissions;
  createdAt: string;
}

/** Every permission `roles` (stored as "admin,editor") hold: the built-in roles' and the custom ones'. */
export function permissionsOfRoles(
  role: string | null | undefined,
  customRoles: readonly Pick<CustomRole, 'role' | 'permission'>[],
): OrganizationPermissions {
  const held: Record<string, Set<string>> = {};
  for (const name of parseRoles(role)) {
    const builtIn = organizationRoles[name as keyof typeof organizationRoles]?.statements as
      Record<string, readonly string[]> | undefined;
    const custom = customRoles.find((candidate) => candidate.role === name)?.permission as
      Record<string, readonly string[]> | undefined;
    for (const granted of [builtIn, custom]) {
      for (const [resource, actions] of Object.entries(granted ?? {})) {
        if (!(ORGANIZATION_RESOURCES as string[]).includes(resource)) continue;
        held[resource] ??= new Set();
        for (const action of actions) held[resource].add(action);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(held).map(([resource, actions]) => [resource, [...actions]]),
  ) as OrganizationPermissions;
}

/** Whether `held` includes every permission of `asked` (nobody grants what they do not hold). */
export function holdsAll(held: OrganizationPermissions, asked: OrganizationPermissions): boolean {
  return Object.entries(asked).every(([resource, actions]) =>
    (actions ?? []).every((action) =>
      (held[resource as OrganizationResource] as readonly string[] | undefined)?.includes(action),
    ),
  );
}

/** Whether `permissions` allow `action` on `resource`: what the console asks before showing a control. */
export const can = <Resource extends OrganizationResource>(
  permissions: OrganizationPermissions | undefined,
  resource: Resource,
  action: (typeof organizationStatements)[Resource][number],
) => Boolean((permissions?.[resource] as readonly string[] | undefined)?.includes(action));

/**
 * The roles a member may give (to a member or an invitation): the built-in ones and the
 * organization's custom ones whose every permission they hold, and owner only for owners. The
 * server's rules refuse the others; the console offers these (`OrganizationDetail.grantableRoles`).
 */
export function grantableRoles(
  caller: { role: string; permissions: OrganizationPermissions },
  customRoles: readonly Pick<CustomRole, 'role' | 'permission'>[],
): string[] {
  const candidates = [...BUILT_IN_ORGANIZATION_ROLES, ...customRoles.map((custom) => custom.role)];
  return candidates.filter(
    (role) =>
      (role !== 'owner' || isOwnerRole(caller.role)) &&
      holdsAll(caller.permissions, permissionsOfRoles(role, customRoles)),
  );
}
