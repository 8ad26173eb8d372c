import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import { organizationPoliciesSchema, type OrganizationPolicies } from '#common/organization-page';
import type { Database } from '../../db/database';
import { memberRefusal } from '../../db/member-permission';
import { membershipTransaction } from '../../db/membership-turns';
import { lockOrganization } from '../../db/organization-lock';
import { policiesFromRow } from '../../db/organization-policies';
import { apiError } from '../../http/api-error';
import { validate } from '../../http/validate';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

/**
 * `PUT /:id/policies`: both policies as they are to be, set by those who may change the organization
 * (decision 0091), in one transaction under the organization's lock, the caller's membership read
 * again there (`memberRefusal`). Who asks two-factor of the members uses it first: else they would
 * lock themselves out.
 */
export function organizationPolicyRoutes(
  database: Database,
  { member, permitted, record, refuse }: OrganizationAccess,
) {
  const { engine } = database;
  return new Hono<OrganizationEnv>().put(
    '/:id/policies',
    member,
    permitted('organization', 'update', 'organization.policies'),
    validate('json', organizationPoliciesSchema),
    async (c) => {
      const { organizationId } = c.get('membership');
      const userId = c.get('principal').user.id;
      const { requireTwoFactor, invitationDomains } = c.req.valid('json');
      const details = { requireTwoFactor, invitationDomains: invitationDomains.join(',') };
      const outcome = await membershipTransaction(database, async (trx) => {
        if (!(await lockOrganization(trx, engine, organizationId))) return 'organization-not-found' as const;
        const refusal = await memberRefusal(trx, organizationId, userId, 'organization', 'update');
        if (refusal) return refusal;
        if (requireTwoFactor) {
          const caller = await trx
            .selectFrom('user')
            .select('twoFactorEnabled')
            .where('id', '=', userId)
            .executeTakeFirst();
          if (!caller?.twoFactorEnabled) return 'two-factor-first' as const;
        }
        return trx
          .updateTable('organization')
          .set({
            requireTwoFactor: engine === 'postgres' ? requireTwoFactor : Number(requireTwoFactor),
            // Stored as the rules read them: comma-separated, lower case (the schema lower-cases), null for none.
            invitationDomains: invitationDomains.length > 0 ? details.invitationDomains : null,
          })
          .where('id', '=', organizationId)
          .returning(['requireTwoFactor', 'invitationDomains'])
          .executeTakeFirstOrThrow();
      });
      if (outcome === 'two-factor-first') {
        record(c, 'organization.policies', { details, refusal: 'TWO_FACTOR_FIRST' });
        return apiError(c, 403, 'TWO_FACTOR_FIRST');
      }
      // Deleted meanwhile; or the caller was removed or demoted while waiting for the lock.
      if (typeof outcome === 'string') return refuse(c, outcome, 'organization.policies');
      record(c, 'organization.policies', { details });
      return c.json<ApiData<OrganizationPolicies>>({ data: policiesFromRow(outcome) });
    },
  );
}
