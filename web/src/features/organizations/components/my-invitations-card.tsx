import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { myOrganizationsQuery } from '@/lib/organizations';
import { acceptInvitation, myInvitationsQuery, rejectInvitation } from '../api/organizations';

export function MyInvitationsCard({ emailVerified }: { emailVerified: boolean }) {
  const queryClient = useQueryClient();
  const invitations = useQuery({ ...myInvitationsQuery, enabled: emailVerified });
  const [error, setError] = useState<string | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: myInvitationsQuery.queryKey });
    await queryClient.invalidateQueries({ queryKey: myOrganizationsQuery.queryKey });
  };
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (caught) => setError(caught.message),
  });
  const reject = useMutation({
    mutationFn: rejectInvitation,
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (caught) => setError(caught.message),
  });

  return (
    <Card title="My Invitations">
      {!emailVerified ? (
        <Notice>Verify your email address to see the invitations sent to it.</Notice>
      ) : (
        <div className="space-y-3">
          <ErrorBox message={error ?? invitations.error?.message} />
          {invitations.isPending ? (
            <Spinner />
          ) : invitations.data && invitations.data.length > 0 ? (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="My invitations">
              {invitations.data.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 font-medium">
                      {invitation.organizationName} <Badge>{invitation.role}</Badge>
                    </p>
                    <p className="text-xs text-slate-500">
                      Invited by {invitation.inviterEmail ?? 'someone'} on {formatDate(invitation.createdAt)} · expires{' '}
                      {formatDate(invitation.expiresAt)}
                    </p>
                  </div>
                  <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate(invitation.id)}>
                    Accept
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={reject.isPending}
                    onClick={() => reject.mutate(invitation.id)}
                  >
                    Reject
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">No pending invitations.</p>
          )}
        </div>
      )}
    </Card>
  );
}
