import { useQuery } from '@tanstack/react-query';
import type { AuditExportQuery } from '#common/audit';
import { api } from '@/lib/api';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';
import { searchParams } from '@/lib/search-params';

export const AUDIT_PAGE_SIZE = 20;

/** One page: the filters, and the cursor the page starts after ('' for the newest). */
export type AuditPageQuery = AuditExportQuery & { cursor: string };

export const getAuditEvents = (query: AuditPageQuery) =>
  api(`/admin/audit?${searchParams({ ...query, limit: AUDIT_PAGE_SIZE })}`, {}, 'Failed to load the audit trail');

export const auditEventsQueryOptions = (query: AuditPageQuery) =>
  keptQueryOptions(queryKeys.admin.audit.list(query), () => getAuditEvents(query));

export const useAuditEvents = (query: AuditPageQuery) => useQuery(auditEventsQueryOptions(query));
