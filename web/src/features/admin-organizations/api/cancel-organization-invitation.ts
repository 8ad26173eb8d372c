import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const cancelOrganizationInvitation = (organizationId: string, invitationId: string) =>
  answer(
    api.admin.organizations[':id'].invitations[':invitationId'].$delete({
      param: params({ id: organizationId, invitationId }),
    }),
    'Failed to cancel invitation',
  );

export const useCancelOrganizationInvitation = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (invitationId: string) => cancelOrganizationInvitation(organizationId, invitationId),
    refreshes: [queryKeys.admin.organization(organizationId)],
    successToast: 'Invitation cancelled',
    toastFailure: true,
  });
