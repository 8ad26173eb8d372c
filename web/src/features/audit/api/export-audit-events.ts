import type { AuditExportQuery } from '#common/audit';
import { API_URL } from '@/lib/auth-fetch';
import { searchParams } from '@/lib/search-params';

/**
 * Where the browser downloads the audit export (CSV) for these filters. A link rather than a fetch:
 * the browser streams the file to disk however large, and the session cookie goes with it.
 */
export function auditExportUrl(query: AuditExportQuery) {
  const params = searchParams(query);
  return `${API_URL}/api/v1/admin/audit/export${params.size > 0 ? `?${params}` : ''}`;
}
