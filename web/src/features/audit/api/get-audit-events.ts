import { useQuery } from '@tanstack/react-query';
import type { AuditExportQuery } from '#common/audit';
import { answer, api, query as queryOf } from '@/lib/api';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';

export const AUDIT_PAGE_SIZE = 20;

/** One page: the filters, and the cursor the page starts after ('' for the newest). */
export type AuditPageQuery = AuditExportQuery & { cursor: string };

export const getAuditEvents = (query: AuditPageQuery) =>
  answer(
    api.admin.audit.$get({ query: queryOf({ ...query, limit: AUDIT_PAGE_SIZE }) }),
    'Failed to load the audit trail',
  );

export const auditEventsQueryOptions = (query: AuditPageQuery) =>
  keptQueryOptions(queryKeys.admin.audit.list(query), () => getAuditEvents(query));

export const useAuditEvents = (query: AuditPageQuery) => useQuery(auditEventsQueryOptions(query));
