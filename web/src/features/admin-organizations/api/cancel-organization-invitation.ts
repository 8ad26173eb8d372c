import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { organizationPath } from './organization-path';

export const cancelOrganizationInvitation = (organizationId: string, invitationId: string) =>
  api(
    organizationPath(organizationId, 'invitations', invitationId),
    { method: 'DELETE' },
    'Failed to cancel invitation',
  );

export const useCancelOrganizationInvitation = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (invitationId: string) => cancelOrganizationInvitation(organizationId, invitationId),
    refreshes: [queryKeys.admin.organization(organizationId)],
    successToast: 'Invitation cancelled',
    toastFailure: true,
  });
