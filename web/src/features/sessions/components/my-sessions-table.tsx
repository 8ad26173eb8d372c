import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import type { MySession } from '../api/get-my-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { deviceOf, inDisplayOrder, locationOf } from './session-labels';

export const REVOKE_SESSION_CONFIRMATION =
  'Are you sure you want to revoke this session? Whoever uses it is signed out at once and must sign in again.';

/** The person's sessions, this device marked; any other can be revoked after a confirmation. */
export function MySessionsTable({
  sessions,
  currentId,
  isPending,
  error,
}: {
  sessions: readonly MySession[] | undefined;
  currentId: string | undefined;
  isPending: boolean;
  error: string | undefined;
}) {
  const revoke = useRevokeSession();
  const [asking, setAsking] = useState<MySession | null>(null);

  const columns: Column<MySession>[] = [
    {
      header: 'Device',
      cell: (session) => (
        <span className="flex flex-wrap items-center gap-2 font-medium" title={session.userAgent ?? undefined}>
          {deviceOf(session)}
          {session.id === currentId && <Badge tone="green">This device</Badge>}
        </span>
      ),
    },
    { header: 'IP Address', cell: (session) => session.ipAddress || '—', className: 'font-mono text-xs' },
    { header: 'Location', cell: (session) => locationOf(session) ?? 'Unknown' },
    { header: 'Created', cell: (session) => formatDateTime(session.createdAt), className: 'whitespace-nowrap' },
    { header: 'Last Active', cell: (session) => formatDateTime(session.updatedAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (session) =>
        session.id !== currentId && (
          <Button
            variant="danger-ghost"
            size="sm"
            aria-label={`Revoke session on ${deviceOf(session)}`}
            disabled={revoke.isPending}
            onClick={() => setAsking(session)}
          >
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label="My sessions"
        columns={columns}
        rows={sessions && inDisplayOrder(sessions, currentId)}
        rowKey={(session) => session.id}
        isPending={isPending}
        error={error}
        empty="No active sessions."
        rowTestId="my-session-row"
      />
      {asking && (
        <ConfirmDialog
          title="Revoke session"
          message={REVOKE_SESSION_CONFIRMATION}
          confirmLabel="Revoke"
          onConfirm={() => revoke.mutate(asking.token)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
