import { BUILT_IN_ORGANIZATION_ROLES, holdsAll, permissionsOfRoles, type CustomRole } from '#common/organization-roles';
import type { OrganizationDetail } from '#common/organization-page';
import { isOwnerRole, parseRoles } from '#common/roles';

const BUILT_IN_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** A role as a select shows it: the built-in ones capitalised, a custom one by its name. */
export const roleLabel = (role: string) => BUILT_IN_LABELS[role] ?? role;

/**
 * The roles the caller may give (to a member or an invitation): the built-in ones and the
 * organization's custom ones whose every permission the caller holds, and owner only for owners.
 * The server applies the same rule; this keeps the console from offering what it would refuse.
 */
export function roleChoices(
  caller: Pick<OrganizationDetail, 'role' | 'permissions'>,
  customRoles: readonly Pick<CustomRole, 'role' | 'permission'>[],
): string[] {
  const candidates = [...BUILT_IN_ORGANIZATION_ROLES, ...customRoles.map((custom) => custom.role)];
  return candidates.filter(
    (role) =>
      (role !== 'owner' || isOwnerRole(caller.role)) &&
      holdsAll(caller.permissions, permissionsOfRoles(role, customRoles)),
  );
}

/**
 * Whether the caller may change or remove a member holding `role`: each of its roles is one the
 * caller could give. A member beyond the caller (an owner, for an admin) is shown, not changed.
 */
export const withinChoices = (role: string, choices: readonly string[]) => {
  const held = parseRoles(role);
  return held.length > 0 && held.every((name) => choices.includes(name));
};
