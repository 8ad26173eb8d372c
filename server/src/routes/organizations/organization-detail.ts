import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { OrganizationDetail } from '#common/organization-page';
import { grantableRoles } from '#common/organization-roles';
import type { Database } from '../../db/database';
import { organizationCounts, organizationSummary } from '../../db/organization-counts';
import { policiesFromRow } from '../../db/organization-policies';
import { apiError } from '../../http/api-error';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

/** `GET /:id`: the organization as its member sees it, with their role, permissions, and its policies. */
export function organizationDetailRoutes(database: Database, { member }: OrganizationAccess) {
  return new Hono<OrganizationEnv>().get('/:id', member, async (c) => {
    const membership = c.get('membership');
    const row = await database.db
      .selectFrom('organization as o')
      .select([
        'o.id',
        'o.name',
        'o.slug',
        'o.logo',
        'o.createdAt',
        'o.requireTwoFactor',
        'o.invitationDomains',
        ...organizationCounts,
      ])
      .where('o.id', '=', membership.organizationId)
      .executeTakeFirst();
    // Deleted since the membership was read.
    if (!row) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
    return c.json<ApiData<OrganizationDetail>>({
      data: {
        ...organizationSummary(row),
        logo: row.logo ?? null,
        memberId: membership.memberId,
        role: membership.role,
        permissions: membership.permissions,
        grantableRoles: grantableRoles(membership, membership.customRoles),
        policies: policiesFromRow(row),
      },
    });
  });
}
