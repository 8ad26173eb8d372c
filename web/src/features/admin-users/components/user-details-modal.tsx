import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserRow } from '#common/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, truncate } from '@/lib/format';
import { describeUserAgent } from '@/lib/user-agent';
import { revokeAllSessions, revokeSession, userSessionsQuery } from '../api/admin-users';

export function UserDetailsModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(userSessionsQuery(user.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: userSessionsQuery(user.id).queryKey });
  const revokeOne = useMutation({ mutationFn: revokeSession, onSuccess: refresh });
  const revokeAll = useMutation({ mutationFn: () => revokeAllSessions(user.id), onSuccess: refresh });
  const rows: Array<[string, string]> = [
    ['Name', user.name],
    ['Email', `${user.email}${user.emailVerified ? ' (verified)' : ''}`],
    ['User ID', user.id],
    ['Role', user.role],
    ['Organization', user.organizationName ? `${user.organizationName} (${user.organizationRole})` : '—'],
    ['Status', user.banned ? `Banned${user.banReason ? `: ${user.banReason}` : ''}` : 'Active'],
    ['Created', formatDateTime(user.createdAt)],
  ];
  return (
    <Modal title="User Details" onClose={onClose} wide>
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500 uppercase">{label}</dt>
            <dd className="text-sm break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex items-center justify-between">
        <h3 className="text-sm font-semibold">Active sessions</h3>
        <Button
          variant="danger"
          size="sm"
          disabled={revokeAll.isPending || !sessions.data?.length}
          onClick={() => revokeAll.mutate()}
        >
          Revoke All
        </Button>
      </div>
      <ErrorBox message={sessions.error?.message ?? revokeOne.error?.message ?? revokeAll.error?.message} />
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.data && sessions.data.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Active sessions">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-xs">
              <div className="min-w-0 flex-1">
                <p className="font-mono">{truncate(session.id, 16)}</p>
                <p className="text-slate-500">
                  {session.ipAddress || 'unknown address'} ·{' '}
                  <span title={session.userAgent ?? undefined}>
                    {describeUserAgent(session.userAgent) ?? (truncate(session.userAgent, 60) || 'unknown agent')}
                  </span>{' '}
                  · expires {formatDateTime(session.expiresAt)}
                </p>
              </div>
              {session.impersonatedBy && <Badge tone="amber">Impersonation</Badge>}
              <Button variant="secondary" size="sm" onClick={() => revokeOne.mutate(session.token)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No active sessions.</p>
      )}
    </Modal>
  );
}
