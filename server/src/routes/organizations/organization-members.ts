import { Hono } from 'hono';
import { organizationMembersQuerySchema, type OrganizationMemberPage } from '#common/organization-page';
import { can } from '#common/organization-roles';
import type { Database } from '../../db/database';
import { decodeMemberCursor, memberCount, memberPage } from '../../db/organization-members';
import { apiError } from '../../http/api-error';
import { validate } from '../../http/validate';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

/**
 * `GET /:id/members`: the members by keyset pages, oldest first, searched by name or email, with the
 * total that match. Who uses two-factor is shown, and filtered on, only to those who may change members.
 */
export function organizationMemberRoutes(database: Database, { member }: OrganizationAccess) {
  return new Hono<OrganizationEnv>().get(
    '/:id/members',
    member,
    validate('query', organizationMembersQuerySchema),
    async (c) => {
      const { organizationId, permissions } = c.get('membership');
      const { search, twoFactor, cursor, limit } = c.req.valid('query');
      const mayChangeMembers = can(permissions, 'member', 'update');
      if (twoFactor && !mayChangeMembers) return apiError(c, 403, 'ORGANIZATION_PERMISSION_DENIED');
      const after = cursor ? decodeMemberCursor(cursor) : undefined;
      if (after === 'invalid') return apiError(c, 400, 'CURSOR_NOT_VALID');
      const filter = { search, withoutTwoFactor: twoFactor === 'off' };
      const [page, total] = await Promise.all([
        memberPage(database, organizationId, limit, after, filter),
        memberCount(database, organizationId, filter),
      ]);
      return c.json<OrganizationMemberPage>({
        data: page.members.map((row) => ({
          ...row,
          twoFactorEnabled: mayChangeMembers ? row.twoFactorEnabled : null,
        })),
        nextCursor: page.nextCursor,
        total,
      });
    },
  );
}
