/** Platform roles stored on the user (admin plugin). `platform_admin` is only ever checked for display. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/**
 * Better Auth stores several roles as a comma-separated string ("admin,owner").
 * A role check passes when any of the held roles is in the allowed list.
 */
export function parseRoles(role: string | null | undefined): string[] {
  if (!role) return [];
  return role
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function hasAnyRole(role: string | null | undefined, allowed: readonly string[]): boolean {
  return parseRoles(role).some((held) => allowed.includes(held));
}

export function isPlatformAdmin(role: string | null | undefined): boolean {
  return hasAnyRole(role, ['admin']);
}

/** An owner of an organization or team, alone or among other roles ("admin,owner"). */
export function isOwnerRole(role: string | null | undefined): boolean {
  return hasAnyRole(role, ['owner']);
}

/** The role checks the console shows in Session Debug. `platform_admin` is only ever displayed. */
export function roleChecks(role: string | null | undefined) {
  const held = parseRoles(role);
  return {
    user: held.includes('user'),
    admin: held.includes('admin'),
    owner: held.includes('owner'),
    platform_admin: held.includes('platform_admin'),
    isAdmin: held.includes('admin') || held.includes('platform_admin'),
    isSuperAdmin: held.includes('platform_admin'),
  };
}
