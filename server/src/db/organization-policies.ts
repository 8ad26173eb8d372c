import type { Kysely } from 'kysely';
import type { OrganizationPolicies } from '#common/organization-page';
import type { DB } from './schema';

/** The policies as stored on the organization's row (decision 0091). */
export function policiesFromRow(row: {
  requireTwoFactor: boolean | number | null;
  invitationDomains: string | null;
}): OrganizationPolicies {
  return {
    requireTwoFactor: Boolean(row.requireTwoFactor),
    invitationDomains: row.invitationDomains ? row.invitationDomains.split(',').filter(Boolean) : [],
  };
}

/** An organization's policies, or undefined when it does not exist. */
export async function readPolicies(db: Kysely<DB>, organizationId: string): Promise<OrganizationPolicies | undefined> {
  const row = await db
    .selectFrom('organization')
    .select(['requireTwoFactor', 'invitationDomains'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row ? policiesFromRow(row) : undefined;
}

/**
 * Whether the organization's two-factor policy keeps this person out: it asks for two-factor and
 * their account has none. What every way into the organization's data asks first.
 */
export async function twoFactorKeepsOut(db: Kysely<DB>, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organization as o')
    .innerJoin('user as u', (join) => join.on('u.id', '=', userId))
    .select(['o.requireTwoFactor', 'u.twoFactorEnabled'])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
  return Boolean(row?.requireTwoFactor) && !row?.twoFactorEnabled;
}
