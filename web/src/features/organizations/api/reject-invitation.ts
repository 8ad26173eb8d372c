import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const rejectInvitation = (invitationId: string) =>
  unwrap(authClient.organization.rejectInvitation({ invitationId }), 'Failed to reject invitation');

export const useRejectInvitation = () =>
  useRefreshingMutation({
    mutationFn: rejectInvitation,
    refreshes: [queryKeys.myInvitations],
    successToast: 'Invitation declined',
  });
