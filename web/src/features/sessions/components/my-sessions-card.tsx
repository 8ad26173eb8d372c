import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FreshSessionDialog } from '@/components/ui/fresh-session-dialog';
import { Notice } from '@/components/ui/notice';
import { needsFreshSession } from '@/lib/session-freshness';
import { useSession } from '@/lib/session';
import { useFreshSession } from '@/lib/use-fresh-session';
import { useMySessions } from '../api/get-my-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { MySessionsTable } from './my-sessions-table';

export const REVOKE_OTHER_SESSIONS_CONFIRMATION =
  'Are you sure you want to revoke every other session? Only this device stays signed in.';

/**
 * Where the account is signed in. Better Auth lists sessions to a recent sign-in only: an older
 * session is asked to confirm it is the person first.
 */
export function MySessionsCard() {
  const currentId = useSession().data?.session.id;
  const sessions = useMySessions();
  const revokeOthers = useRevokeOtherSessions();
  const fresh = useFreshSession();
  const stale = needsFreshSession(sessions.error);
  const others = sessions.data?.some((session) => session.id !== currentId) ?? false;

  return (
    <Card
      title="My Sessions"
      description="Every browser and device signed in to your account. Revoke any you don't recognize."
      actions={
        others && (
          <ConfirmButton
            variant="secondary"
            disabled={revokeOthers.isPending}
            title="Revoke other sessions"
            question={REVOKE_OTHER_SESSIONS_CONFIRMATION}
            confirmLabel="Revoke all"
            onConfirm={() => revokeOthers.mutate()}
          >
            Revoke other sessions
          </ConfirmButton>
        )
      }
    >
      {stale ? (
        <div className="space-y-3">
          <Notice>For your security, confirm it&apos;s you to see your sessions.</Notice>
          <Button onClick={() => void fresh.confirm()}>Confirm it&apos;s you</Button>
        </div>
      ) : (
        <MySessionsTable
          sessions={sessions.data}
          currentId={currentId}
          isPending={sessions.isPending}
          error={sessions.error?.message}
        />
      )}
      <FreshSessionDialog prompt={fresh.prompt} />
    </Card>
  );
}
