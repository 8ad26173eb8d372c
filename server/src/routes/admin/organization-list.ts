import { Hono } from 'hono';
import { sql } from 'kysely';
import { adminOrganizationListQuerySchema, type AdminOrganizationPage } from '#common/admin';
import type { Database } from '../../db/database';
import { organizationCounts, organizationSummary } from '../../db/organization-counts';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

/**
 * `GET /organizations`, under the admin routes (which check the caller): a page of organizations,
 * newest first, searched in the database, with every match counted. The whole list in one answer
 * grew with every organization (and with every long name).
 */
export function organizationListRoutes(database: Database) {
  return new Hono<{ Variables: PrincipalVariables }>().get(
    '/organizations',
    validate('query', adminOrganizationListQuerySchema),
    async (c) => {
      const { search, limit, offset } = c.req.valid('query');
      // `instr` (SQLite) and `strpos` (PostgreSQL): a plain substring, with no LIKE pattern to escape.
      const position = sql.raw(database.engine === 'postgres' ? 'strpos' : 'instr');
      const inColumn = (column: 'o.name' | 'o.slug') =>
        sql<boolean>`${position}(lower(${sql.ref(column)}), lower(${search})) > 0`;
      const matching = database.db
        .selectFrom('organization as o')
        .$if(search !== '', (query) =>
          query.where(sql<boolean>`(${inColumn('o.name')} or ${inColumn('o.slug')} or ${sql.ref('o.id')} = ${search})`),
        );
      const [rows, counted] = await Promise.all([
        matching
          .select(['o.id', 'o.name', 'o.slug', 'o.createdAt', ...organizationCounts])
          .orderBy('o.createdAt', 'desc')
          .orderBy('o.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return c.json<AdminOrganizationPage>({ data: rows.map(organizationSummary), total: Number(counted.total) });
    },
  );
}
