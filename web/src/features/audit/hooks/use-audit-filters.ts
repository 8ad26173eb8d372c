import { useSearchParams } from 'react-router';
import { searchParams } from '@/lib/search-params';
import { auditFiltersSchema, NO_FILTERS, type AuditFilters } from '../utils/audit-filters';

/** The filters live in the URL, so reload and share keep them; anything malformed falls back to none. */
export function useAuditFilters(): [AuditFilters, (filters: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = auditFiltersSchema.safeParse({ ...NO_FILTERS, ...Object.fromEntries(params) });
  const filters = parsed.success ? parsed.data : NO_FILTERS;
  return [filters, (next) => setParams(searchParams(next))];
}
