import { useState } from 'react';
import type { AuditEventView, AuditExportQuery } from '#common/audit';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { useAuditEvents } from '../api/get-audit-events';
import { actionLabel, detailsOf, deviceOf, OutcomeBadge, personOf } from './audit-labels';

const muted = <span className="text-muted-foreground">—</span>;

const COLUMNS: Column<AuditEventView>[] = [
  { header: 'Time', cell: (event) => formatDateTime(event.createdAt), className: 'whitespace-nowrap' },
  { header: 'Action', cell: actionLabel, className: 'font-medium' },
  { header: 'Outcome', cell: (event) => <OutcomeBadge outcome={event.outcome} /> },
  { header: 'Actor', cell: (event) => personOf(event.actorEmail, event.actorId) ?? muted, className: 'break-all' },
  {
    header: 'Target',
    cell: (event) => personOf(event.targetEmail, event.targetUserId) ?? muted,
    className: 'break-all',
  },
  { header: 'IP', cell: (event) => event.ipAddress ?? muted, className: 'font-mono text-xs' },
  {
    header: 'Browser',
    cell: (event) => <span title={event.userAgent ?? undefined}>{deviceOf(event) ?? muted}</span>,
  },
  {
    header: 'Details',
    cell: (event) => (
      <ul className="text-xs text-secondary-foreground">
        {detailsOf(event).map((line) => (
          <li key={line} className="break-all">
            {line}
          </li>
        ))}
      </ul>
    ),
  },
];

/**
 * The events the filters match, a page at a time. Older walks on by the page's cursor; the cursors
 * of the pages before are kept, so Newer walks back. A new set of filters starts over (the screen
 * gives this table a new key).
 */
export function AuditTable({ query }: { query: AuditExportQuery }) {
  const [cursors, setCursors] = useState<string[]>(['']);
  const events = useAuditEvents({ ...query, cursor: cursors.at(-1) ?? '' });
  const next = events.isPlaceholderData ? null : (events.data?.nextCursor ?? null);
  return (
    <DataTable
      label="Audit events"
      columns={COLUMNS}
      rows={events.data?.data}
      rowKey={(event) => event.id}
      isPending={events.isPending}
      error={events.error?.message}
      empty="No events match."
      rowTestId="audit-row"
      footer={
        <div className="flex items-center justify-between">
          <Button
            variant="secondary"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((stack) => stack.slice(0, -1))}
          >
            Newer
          </Button>
          <span className="text-sm text-secondary-foreground">Page {cursors.length}</span>
          <Button variant="secondary" disabled={!next} onClick={() => next && setCursors((stack) => [...stack, next])}>
            Older
          </Button>
        </div>
      }
    />
  );
}
