import type { AdminUserRow } from '#common/admin';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/format';
import { useUserSessions } from '../api/get-user-sessions';
import { useRevokeUserSessions } from '../api/revoke-user-sessions';
import { LinkedIdentitiesTable } from './linked-identities-table';
import { UserSessionsTable } from './user-sessions-table';

/** What a row of the user list holds, in full, the user's sessions and their linked identities. */
export function UserDetailsModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const sessions = useUserSessions(user.id);
  const revokeAll = useRevokeUserSessions(user.id);
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
            <dt className="text-xs text-muted-foreground uppercase">{label}</dt>
            <dd className="text-sm break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 mb-2 flex items-center justify-between">
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
      {revokeAll.isSuccess && <Notice tone="success">All sessions revoked.</Notice>}
      <UserSessionsTable userId={user.id} sessions={sessions} revokeAllError={revokeAll.error?.message} />
      <h3 className="mt-6 mb-2 text-sm font-semibold">Linked identities</h3>
      <LinkedIdentitiesTable user={user} />
    </Modal>
  );
}
