import type { Transaction } from 'kysely';
import { can, type OrganizationResource } from '#common/organization-roles';
import type { organizationStatements } from '#common/permissions';
import { twoFactorKeepsOut } from './organization-policies';
import { permissionsOf } from './organization-roles';
import type { DB } from './schema';

/** Why a member may no longer act: gone from the organization, kept out by its two-factor policy, or without the permission. */
export type MemberRefusal = 'organization-not-found' | 'two-factor-required' | 'permission-denied';

/**
 * The caller's membership read again, in a transaction that holds the organization's lock: what the
 * page's middleware read before may have changed while the caller waited for the lock (a removal, a
 * demotion, the two-factor policy turned on). Undefined when the caller may still act.
 */
export async function memberRefusal<Resource extends OrganizationResource>(
  trx: Transaction<DB>,
  organizationId: string,
  userId: string,
  resource: Resource,
  action: (typeof organizationStatements)[Resource][number],
): Promise<MemberRefusal | undefined> {
  const member = await trx
    .selectFrom('member')
    .select('role')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!member) return 'organization-not-found';
  if (await twoFactorKeepsOut(trx, organizationId, userId)) return 'two-factor-required';
  if (!can(await permissionsOf(trx, organizationId, member.role), resource, action)) return 'permission-denied';
  return undefined;
}
