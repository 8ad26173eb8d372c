import { Hono } from 'hono';
import { adminUserExportQuerySchema } from '#common/admin';
import type { Database } from '../../db/database';
import { csvDownload } from '../../http/csv-stream';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';
import type { Logger } from '../../lib/logger';
import { USER_CSV_COLUMNS, usersCsvFilename } from './user-csv';
import { userBatches } from './user-list/export-batches';

/** Users read per query of an export. */
export const USER_EXPORT_BATCH = 1000;

/**
 * `GET /users/export`, under the admin routes (which check the caller): every user of the list's view
 * (search, filters, order; no paging) as one CSV file, streamed batch by batch.
 */
export function userExportRoutes({ database, logger }: { database: Database; logger: Logger }) {
  return new Hono<{ Variables: PrincipalVariables }>().get(
    '/users/export',
    validate('query', adminUserExportQuerySchema),
    async (c) =>
      csvDownload({
        filename: usersCsvFilename(),
        columns: USER_CSV_COLUMNS,
        batches: userBatches(database, c.req.valid('query'), USER_EXPORT_BATCH),
        logger,
      }),
  );
}
