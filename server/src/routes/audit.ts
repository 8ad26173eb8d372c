import { Hono } from 'hono';
import { auditExportQuerySchema, auditQuerySchema, myAuditQuerySchema, type AuditPage } from '#common/audit';
import type { AuditLog } from '../audit/audit-log';
import { auditEventBatches, listAuditEvents } from '../audit/audit-query';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { apiError } from '../http/api-error';
import { csvDownload } from '../http/csv-stream';
import { recordExport } from '../http/export-record';
import { requireUser, type PrincipalVariables } from '../http/session';
import { validate } from '../http/validate';
import type { Logger } from '../lib/logger';
import { AUDIT_CSV_COLUMNS, auditCsvFilename } from './audit-csv';

type Env = { Variables: PrincipalVariables };
/** Rows read per query of an export. */
export const AUDIT_EXPORT_BATCH = 1000;

/**
 * `GET /audit` and `GET /audit/export` under the admin routes (which check the caller): every
 * event, filtered, by pages or as one CSV file.
 */
export function adminAuditRoutes({
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
  return new Hono<Env>()
    .get('/audit', validate('query', auditQuerySchema), async (c) => {
      // What was recorded just before is part of the answer.
      await audit.flush();
      const page = await listAuditEvents(database.db, c.req.valid('query'));
      if (page === 'invalid-cursor') return apiError(c, 400, 'CURSOR_NOT_VALID');
      return c.json<AuditPage>({ data: page.events, nextCursor: page.nextCursor });
    })
    .get('/audit/export', validate('query', auditExportQuerySchema), async (c) => {
      await audit.flush();
      const query = c.req.valid('query');
      return csvDownload({
        filename: auditCsvFilename(),
        columns: AUDIT_CSV_COLUMNS,
        batches: auditEventBatches(database.db, query, AUDIT_EXPORT_BATCH),
        logger,
        // Each export is itself in the trail: who, with which filter, how many rows.
        onEnd: recordExport(audit, auth.options, c, 'admin.audit_export', query),
      });
    });
}

/** `GET /api/v1/me/audit`: the caller's own security activity, as actor or as target, never anyone else's. */
export function myAuditRoutes({ auth, database, audit }: { auth: Auth; database: Database; audit: AuditLog }) {
  return new Hono<Env>().get('/', requireUser(auth), validate('query', myAuditQuerySchema), async (c) => {
    await audit.flush();
    const userId = c.get('principal').user.id;
    const page = await listAuditEvents(database.db, { ...c.req.valid('query'), userId });
    if (page === 'invalid-cursor') return apiError(c, 400, 'CURSOR_NOT_VALID');
    // Only the caller's own email. Whoever else acted on the account (an admin) stays unnamed, their
    // address, browser and stated reason unshown: the console says only "by an admin". An attempt by
    // nobody signed in (a wrong password) keeps its address and browser.
    const events = page.events.map((event) => {
      const someoneElse = event.actorId !== null && event.actorId !== userId;
      const { reason: _reason, ...details } = event.details;
      return {
        ...event,
        actorEmail: someoneElse ? null : event.actorEmail,
        targetEmail: event.targetUserId === userId ? event.targetEmail : null,
        ipAddress: someoneElse ? null : event.ipAddress,
        userAgent: someoneElse ? null : event.userAgent,
        details: someoneElse ? details : event.details,
      };
    });
    return c.json<AuditPage>({ data: events, nextCursor: page.nextCursor });
  });
}
