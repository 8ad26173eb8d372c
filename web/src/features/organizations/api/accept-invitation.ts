import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const acceptInvitation = (invitationId: string) =>
  unwrap(authClient.organization.acceptInvitation({ invitationId }), 'Failed to accept invitation');

/** Joins the organization: the invitation leaves the list, the organization joins the caller's. */
export const useAcceptInvitation = () =>
  useRefreshingMutation({
    mutationFn: acceptInvitation,
    refreshes: [queryKeys.myInvitations, queryKeys.myOrganizations],
    successToast: 'Invitation accepted',
  });
