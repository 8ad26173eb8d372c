import { AUDIT_ACTIONS, type AuditEventView } from '#common/audit';
import type { CsvColumn } from '../http/csv-stream';

/** The columns of the audit export, in order: one event a line, the raw facts and their labels. */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEventView>[] = [
  { header: 'time', cell: (event) => event.createdAt },
  { header: 'action', cell: (event) => event.action },
  // An action since dropped from the catalogue keeps its name, with no label.
  { header: 'action label', cell: (event) => AUDIT_ACTIONS[event.action] ?? null },
  { header: 'outcome', cell: (event) => event.outcome },
  { header: 'actor id', cell: (event) => event.actorId },
  { header: 'actor email', cell: (event) => event.actorEmail },
  { header: 'target id', cell: (event) => event.targetUserId },
  { header: 'target email', cell: (event) => event.targetEmail },
  { header: 'organization id', cell: (event) => event.organizationId },
  { header: 'IP', cell: (event) => event.ipAddress },
  { header: 'user agent', cell: (event) => event.userAgent },
  { header: 'details', cell: (event) => JSON.stringify(event.details) },
];

/** `audit-2026-11-25.csv`: the day of the export, in UTC. */
export const auditCsvFilename = (now = new Date()) => `audit-${now.toISOString().slice(0, 10)}.csv`;
