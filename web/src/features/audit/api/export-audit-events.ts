import type { AuditExportQuery } from '#common/audit';
import { API_URL } from '@/lib/auth-fetch';
import { searchOf } from '../utils/audit-filters';

/**
 * Where the browser downloads the audit export (CSV) for these filters. A link rather than a fetch:
 * the browser streams the file to disk however large, and the session cookie goes with it.
 */
export const auditExportUrl = (query: AuditExportQuery) =>
  `${API_URL}/api/v1/admin/audit/export${Object.keys(query).length > 0 ? `?${searchOf(query)}` : ''}`;
