import { Badge } from '@/components/ui/badge';
import { ConfirmButton } from '@/components/ui/confirm-button';
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
          <ConfirmButton
            variant="danger-ghost"
            size="sm"
            aria-label={`Revoke session on ${deviceOf(session)}`}
            disabled={revoke.isPending}
            title="Revoke session"
            question={REVOKE_SESSION_CONFIRMATION}
            confirmLabel="Revoke"
            onConfirm={() => revoke.mutate(session.token)}
          >
            Revoke
          </ConfirmButton>
        ),
    },
  ];

  return (
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
  );
}
