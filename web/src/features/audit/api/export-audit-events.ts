import type { AuditExportQuery } from '#common/audit';
import { api, query as queryOf } from '@/lib/api';

/**
 * Where the browser downloads the audit export (CSV) for these filters. A link rather than a fetch:
 * the browser streams the file to disk however large, and the session cookie goes with it.
 */
export function auditExportUrl(query: AuditExportQuery) {
  return api.admin.audit.export.$url({ query: queryOf(query) }).href;
}
