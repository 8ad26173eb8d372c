import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const cancelInvitation = ({ invitationId }: { invitationId: string; organizationId: string }) =>
  unwrap(authClient.organization.cancelInvitation({ invitationId }), 'Failed to cancel invitation');

export const useCancelInvitation = () =>
  useRefreshingMutation({
    mutationFn: cancelInvitation,
    refreshes: ({ organizationId }) => [queryKeys.organizationInvitations(organizationId)],
    successToast: 'Invitation cancelled',
  });
