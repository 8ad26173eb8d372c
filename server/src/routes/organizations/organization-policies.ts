import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import { organizationPoliciesSchema, type OrganizationPolicies } from '#common/organization-page';
import type { Database } from '../../db/database';
import { policiesFromRow } from '../../db/organization-policies';
import { apiError } from '../../http/api-error';
import { validate } from '../../http/validate';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

/**
 * `PUT /:id/policies`: both policies as they are to be, set by those who may change the organization
 * (decision 0091). Who asks two-factor of the members uses it first: else they would lock themselves out.
 */
export function organizationPolicyRoutes(database: Database, { member, permitted, record }: OrganizationAccess) {
  const { db, engine } = database;
  return new Hono<OrganizationEnv>().put(
    '/:id/policies',
    member,
    permitted('organization', 'update', 'organization.policies'),
    validate('json', organizationPoliciesSchema),
    async (c) => {
      const { organizationId } = c.get('membership');
      const { requireTwoFactor, invitationDomains } = c.req.valid('json');
      const details = { requireTwoFactor, invitationDomains: invitationDomains.join(',') };
      if (requireTwoFactor) {
        const caller = await db
          .selectFrom('user')
          .select('twoFactorEnabled')
          .where('id', '=', c.get('principal').user.id)
          .executeTakeFirst();
        if (!caller?.twoFactorEnabled) {
          record(c, 'organization.policies', { details, refusal: 'TWO_FACTOR_FIRST' });
          return apiError(c, 403, 'TWO_FACTOR_FIRST');
        }
      }
      const row = await db
        .updateTable('organization')
        .set({
          requireTwoFactor: engine === 'postgres' ? requireTwoFactor : Number(requireTwoFactor),
          // Stored as the rules read them: comma-separated, lower case (the schema lower-cases), null for none.
          invitationDomains: invitationDomains.length > 0 ? details.invitationDomains : null,
        })
        .where('id', '=', organizationId)
        .returning(['requireTwoFactor', 'invitationDomains'])
        .executeTakeFirst();
      if (!row) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
      record(c, 'organization.policies', { details });
      return c.json<ApiData<OrganizationPolicies>>({ data: policiesFromRow(row) });
    },
  );
}
