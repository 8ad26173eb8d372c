import type { UseQueryResult } from '@tanstack/react-query';
import { describeUserAgent } from '#common/user-agent';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime, truncate } from '@/lib/format';
import type { AdminSession } from '../api/get-user-sessions';
import { useRevokeUserSession } from '../api/revoke-user-session';

const sessionId = (session: AdminSession) => session.id;

/** A user's sessions, each with Revoke; any failure (to load, or to revoke) shows above the table. */
export function UserSessionsTable({
  userId,
  sessions,
  revokeAllError,
}: {
  userId: string;
  sessions: UseQueryResult<AdminSession[]>;
  revokeAllError: string | undefined;
}) {
  const revoke = useRevokeUserSession(userId);
  const columns: Column<AdminSession>[] = [
    {
      header: 'Session',
      cell: (session) => <span title={session.id}>{truncate(session.id, 16)}</span>,
      className: 'font-mono text-xs',
    },
    { header: 'Address', cell: (session) => session.ipAddress || 'unknown', className: 'text-xs' },
    {
      header: 'Device',
      cell: (session) => (
        <span title={session.userAgent ?? undefined}>
          {describeUserAgent(session.userAgent) ?? (truncate(session.userAgent, 60) || 'unknown')}
        </span>
      ),
      className: 'text-xs',
    },
    { header: 'Expires', cell: (session) => formatDateTime(session.expiresAt), className: 'text-xs' },
    {
      header: 'Actions',
      cell: (session) => (
        <div className="flex items-center justify-end gap-2">
          {session.impersonatedBy && <Badge tone="amber">Impersonation</Badge>}
          <Button variant="secondary" size="sm" onClick={() => revoke.mutate(session.token)}>
            Revoke
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label="Active sessions"
      columns={columns}
      rowKey={sessionId}
      rows={sessions.data}
      isPending={sessions.isPending}
      error={sessions.error?.message ?? revoke.error?.message ?? revokeAllError}
      empty="No active sessions."
      rowTestId="session-row"
    />
  );
}
