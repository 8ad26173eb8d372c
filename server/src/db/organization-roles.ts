import type { Kysely } from 'kysely';
import {
  permissionsOfRoles,
  storedPermissions,
  type CustomRole,
  type OrganizationPermissions,
} from '#common/organization-roles';
import { toIsoDate } from './dates';
import type { DB } from './schema';

/** An organization's custom roles (Better Auth's `organizationRole` rows), permissions parsed, by name. */
export async function customRolesOf(db: Kysely<DB>, organizationId: string): Promise<CustomRole[]> {
  const rows = await db
    .selectFrom('organizationRole')
    .select(['id', 'role', 'permission', 'createdAt'])
    .where('organizationId', '=', organizationId)
    .orderBy('role')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    // Unreadable permissions grant nothing (Better Auth would answer 500 to every check of the organization).
    permission: storedPermissions(row.permission) ?? {},
    createdAt: toIsoDate(row.createdAt),
  }));
}

/**
 * Every permission a role string ("admin,editor") holds in one organization: the built-in roles' and
 * that organization's custom ones', merged as Better Auth's `hasPermission` merges them.
 */
export async function permissionsOf(
  db: Kysely<DB>,
  organizationId: string,
  role: string | null | undefined,
): Promise<OrganizationPermissions> {
  return permissionsOfRoles(role, await customRolesOf(db, organizationId));
}
