import { Download } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { auditExportUrl } from '../api/export-audit-events';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { toAuditQuery } from '../utils/audit-filters';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditTable } from './audit-table';

/** The audit trail for admins: filters in the URL, a page of events at a time, and the CSV of every match. */
export function AuditScreen() {
  const [filters, setFilters] = useAuditFilters();
  const query = toAuditQuery(filters);
  // A change of filters starts the form and the pages afresh.
  const key = JSON.stringify(filters);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Audit trail</h2>
        <ButtonLink href={auditExportUrl(query)} download>
          <Download className="size-4" aria-hidden /> Export CSV
        </ButtonLink>
      </div>
      <AuditFiltersForm key={`form-${key}`} filters={filters} onApply={setFilters} />
      <AuditTable key={`table-${key}`} query={query} />
    </div>
  );
}
