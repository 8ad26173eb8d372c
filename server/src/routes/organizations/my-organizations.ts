import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { ApiData } from '#common/error-codes';
import { customRoleNames, permissionsOfRoles, storedPermissions } from '#common/organization-roles';
import type { RoleGrant } from '#common/teams';
import { createOrganizationSchema, type MyOrganization } from '#common/organizations';
import type { Auth } from '../../auth/auth';
import { createOrganizationNamed } from '../../auth/create-organization';
import type { Database } from '../../db/database';
import { organizationCounts, organizationSummary } from '../../db/organization-counts';
import type { DB } from '../../db/schema';
import { fromAuthError } from '../../http/api-error';
import { requireUser, type PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

/**
 * The custom roles the caller holds, by organization, in one query: only for the organizations where
 * they hold a role that is not built in.
 */
async function customRolesHeldIn(db: Kysely<DB>, memberships: { id: string; role: string }[]) {
  const custom = memberships.flatMap(({ id, role }) =>
    customRoleNames(role).map((name) => ({ organizationId: id, role: name })),
  );
  const byOrganization = new Map<string, RoleGrant[]>();
  if (custom.length === 0) return byOrganization;
  const rows = await db
    .selectFrom('organizationRole')
    .select(['organizationId', 'role', 'permission'])
    .where('organizationId', 'in', [...new Set(custom.map((held) => held.organizationId))])
    .where('role', 'in', [...new Set(custom.map((held) => held.role))])
    .execute();
  for (const row of rows) {
    const permission = storedPermissions(row.permission);
    if (!permission) continue;
    byOrganization.set(row.organizationId, [
      ...(byOrganization.get(row.organizationId) ?? []),
      { role: row.role, permission },
    ]);
  }
  return byOrganization;
}

/**
 * The caller's organizations (with their role, what it allows there, and the counts), and a new one whose slug
 * the server makes from its name (Better Auth's own create endpoint wants the client to make one).
 */
export function myOrganizationRoutes(auth: Auth, database: Database) {
  return new Hono<{ Variables: PrincipalVariables }>()
    .get('/', requireUser(auth), async (c) => {
      const { user } = c.get('principal');
      const rows = await database.db
        .selectFrom('member as m')
        .innerJoin('organization as o', 'o.id', 'm.organizationId')
        .select(['o.id', 'o.name', 'o.slug', 'o.createdAt', 'm.role', ...organizationCounts])
        .where('m.userId', '=', user.id)
        .orderBy('o.name')
        .execute();
      const customRoles = await customRolesHeldIn(database.db, rows);
      return c.json<ApiData<MyOrganization[]>>({
        data: rows.map((row) => ({
          ...organizationSummary(row),
          role: row.role,
          permissions: permissionsOfRoles(row.role, customRoles.get(row.id) ?? []),
        })),
      });
    })
    .post('/', requireUser(auth), validate('json', createOrganizationSchema), async (c) => {
      try {
        const organization = await createOrganizationNamed(auth, database.db, c.req.valid('json').name, {
          headers: c.req.raw.headers,
        });
        return c.json<ApiData<typeof organization>>({ data: organization }, 201);
      } catch (error) {
        return fromAuthError(c, error);
      }
    });
}
