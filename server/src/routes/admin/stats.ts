import { Hono } from 'hono';
import { adminStatsQuerySchema, type AdminStats } from '#common/admin-stats';
import type { ApiData } from '#common/error-codes';
import type { AuditLog } from '../../audit/audit-log';
import type { Database } from '../../db/database';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';
import { readAdminStats } from './stats-query';

type Env = { Variables: PrincipalVariables };

/** `GET /stats` under the admin routes (which check the caller): the overview's numbers. */
export function adminStatsRoutes(database: Database, audit: AuditLog) {
  return new Hono<Env>().get('/stats', validate('query', adminStatsQuerySchema), async (c) => {
    // What was recorded just before (the admin's own sign-in) is counted in the answer.
    await audit.flush();
    return c.json<ApiData<AdminStats>>({ data: await readAdminStats(database, c.req.valid('query').days) });
  });
}
