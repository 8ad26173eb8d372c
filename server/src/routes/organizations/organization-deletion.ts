import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import { deleteOrganizationSchema } from '#common/organization-page';
import type { Database } from '../../db/database';
import { memberRefusal } from '../../db/member-permission';
import { deleteOrganization } from '../../db/organization-changes';
import { apiError } from '../../http/api-error';
import { validate } from '../../http/validate';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

/**
 * `DELETE /:id`: a member whose role may delete the organization (`organization:delete`) deletes it
 * with everything in it, its name typed again as the admin's deletion compares it (decision 0094).
 */
export function organizationDeletionRoutes(
  database: Database,
  { member, permitted, record, refuse }: OrganizationAccess,
) {
  return new Hono<OrganizationEnv>().delete(
    '/:id',
    member,
    permitted('organization', 'delete', 'organization.delete'),
    validate('json', deleteOrganizationSchema),
    async (c) => {
      const { organizationId } = c.get('membership');
      const userId = c.get('principal').user.id;
      const outcome = await deleteOrganization(database, organizationId, c.req.valid('json').confirmName, (trx) =>
        memberRefusal(trx, organizationId, userId, 'organization', 'delete'),
      );
      if (outcome === 'not-found') return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
      if (outcome === 'name-mismatch') {
        record(c, 'organization.delete', { refusal: 'CONFIRM_NAME_MISMATCH' });
        return apiError(c, 400, 'CONFIRM_NAME_MISMATCH');
      }
      // No longer a member who may: removed or demoted while waiting for the lock.
      if (typeof outcome === 'string') return refuse(c, outcome, 'organization.delete');
      record(c, 'organization.delete', { details: { name: outcome.name } });
      return c.json<ApiData<{ id: string }>>({ data: { id: organizationId } });
    },
  );
}
