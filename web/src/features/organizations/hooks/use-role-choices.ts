import { can } from '#common/organization-roles';
import type { OrganizationDetail } from '#common/organization-page';
import { useOrganizationRoles } from '../api/get-organization-roles';
import { roleChoices } from '../utils/role-choices';

/**
 * The roles the caller may give here, custom ones included once they have loaded (those who may not
 * read roles choose among the built-in ones).
 */
export function useRoleChoices(detail: OrganizationDetail): string[] {
  const roles = useOrganizationRoles(detail.id, can(detail.permissions, 'ac', 'read'));
  return roleChoices(detail, roles.data ?? []);
}
