import { Hono } from 'hono';
import { adminUserExportQuerySchema } from '#common/admin';
import type { AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import { csvDownload } from '../../http/csv-stream';
import { recordExport } from '../../http/export-record';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';
import type { Logger } from '../../lib/logger';
import { USER_CSV_COLUMNS, usersCsvFilename } from './user-csv';
import { userBatches } from './user-list/export-batches';

/** Users read per query of an export. */
export const USER_EXPORT_BATCH = 1000;

/**
 * `GET /users/export`, under the admin routes (which check the caller): every user of the list's view
 * (search, filters, order; no paging) as one CSV file, streamed batch by batch. Each export is in
 * the audit trail: who, with which filter, how many rows.
 */
export function userExportRoutes({
  auth,
  database,
  audit,
  logger,
}: {
  auth: Auth;
  database: Database;
  audit: AuditLog;
  logger: Logger;
}) {
  return new Hono<{ Variables: PrincipalVariables }>().get(
    '/users/export',
    validate('query', adminUserExportQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      return csvDownload({
        filename: usersCsvFilename(),
        columns: USER_CSV_COLUMNS,
        batches: userBatches(database, query, USER_EXPORT_BATCH),
        logger,
        onEnd: recordExport(audit, auth.options, c, 'admin.user_export', query),
      });
    },
  );
}
