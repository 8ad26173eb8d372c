import { useSearchParams } from 'react-router';
import { auditFiltersSchema, NO_FILTERS, searchOf, type AuditFilters } from '../utils/audit-filters';

/** The filters live in the URL, so reload and share keep them; anything malformed falls back to none. */
export function useAuditFilters(): [AuditFilters, (filters: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = auditFiltersSchema.safeParse({ ...NO_FILTERS, ...Object.fromEntries(params) });
  const filters = parsed.success ? parsed.data : NO_FILTERS;
  return [filters, (next) => setParams(new URLSearchParams(searchOf(next)))];
}
