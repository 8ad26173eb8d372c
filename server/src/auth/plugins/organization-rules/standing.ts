import type { Kysely } from 'kysely';
import { storedPermissions, type OrganizationPermissions } from '#common/organization-roles';
import { permissionsOf } from '../../../db/organization-roles';
import type { DB } from '../../../db/schema';

/** The caller's membership of one organization and every permission its roles hold there. */
export interface Standing {
  memberId: string;
  role: string;
  permissions: OrganizationPermissions;
}

/**
 * The caller's standing in the organization, or undefined for a non-member: the rules then step
 * aside and Better Auth refuses as it refuses a stranger, so a rule's answer tells an outsider nothing.
 */
export async function standingIn(
  db: Kysely<DB>,
  organizationId: string | undefined,
  userId: string,
): Promise<Standing | undefined> {
  if (!organizationId) return undefined;
  const member = await db
    .selectFrom('member')
    .select(['id', 'role'])
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!member) return undefined;
  return { memberId: member.id, role: member.role, permissions: await permissionsOf(db, organizationId, member.role) };
}

/** The custom role a request names (`roleName` or `roleId`) in one organization. */
export async function customRoleNamed(
  db: Kysely<DB>,
  organizationId: string,
  named: { roleName?: string | undefined; roleId?: string | undefined },
) {
  if (!named.roleName && !named.roleId) return undefined;
  let query = db
    .selectFrom('organizationRole')
    .select(['id', 'role', 'permission'])
    .where('organizationId', '=', organizationId);
  query = named.roleName ? query.where('role', '=', named.roleName) : query.where('id', '=', named.roleId!);
  const row = await query.executeTakeFirst();
  return row ? { ...row, permission: storedPermissions(row.permission) ?? {} } : undefined;
}

/**
 * Whether members or pending invitations of the organization hold this role (alone or among others):
 * deleting or renaming it would leave them a role string that grants nothing.
 */
export async function roleInUse(db: Kysely<DB>, organizationId: string, role: string): Promise<boolean> {
  const holds = (stored: string | null) => (stored ?? '').split(',').some((held) => held.trim() === role);
  const members = await db
    .selectFrom('member')
    .select('role')
    .where('organizationId', '=', organizationId)
    .where('role', 'like', `%${role}%`)
    .execute();
  if (members.some((row) => holds(row.role))) return true;
  const invitations = await db
    .selectFrom('invitation')
    .select('role')
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('role', 'like', `%${role}%`)
    .execute();
  return invitations.some((row) => holds(row.role));
}
