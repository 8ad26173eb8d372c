import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { QueryList } from '@/components/ui/item-list';
import { formatDate } from '@/lib/format';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { useRejectInvitation } from '../api/reject-invitation';

export function MyInvitationsCard({ emailVerified }: { emailVerified: boolean }) {
  const invitations = useMyInvitations(emailVerified);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const answering = accept.isPending || reject.isPending;
  // One box for the two answers: the failure of the last one given.
  const error = accept.submittedAt > reject.submittedAt ? accept.error : reject.error;

  if (!emailVerified) {
    return (
      <Card title="My Invitations">
        <Notice>Verify your email address to see the invitations sent to it.</Notice>
      </Card>
    );
  }
  return (
    <Card title="My Invitations">
      <div className="space-y-3">
        <ErrorBox message={error?.message} />
        <QueryList query={invitations} empty="No pending invitations." label="My invitations">
          {(invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 font-medium">
                  {invitation.organizationName} <Badge>{invitation.role}</Badge>
                </p>
                <p className="text-xs text-muted-foreground">
                  Invited by {invitation.inviterEmail ?? 'someone'} on {formatDate(invitation.createdAt)} · expires{' '}
                  {formatDate(invitation.expiresAt)}
                </p>
              </div>
              <Button size="sm" disabled={answering} onClick={() => accept.mutate(invitation.id)}>
                Accept
              </Button>
              <Button variant="secondary" size="sm" disabled={answering} onClick={() => reject.mutate(invitation.id)}>
                Reject
              </Button>
            </li>
          )}
        </QueryList>
      </div>
    </Card>
  );
}
