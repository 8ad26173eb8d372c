import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface RemoveMemberInput {
  memberId: string;
  /** Who the member is, for the toast. */
  email: string;
}

export const removeMember = (organizationId: string, { memberId }: RemoveMemberInput) =>
  answer(
    api.admin.organizations[':id'].members[':memberId'].$delete({ param: params({ id: organizationId, memberId }) }),
    'Failed to remove the member',
  );

/**
 * The member and their team places go: the detail (its member count) with the member page on screen
 * (under the detail's key), the organizations' counts and the users' organizations refresh.
 */
export const useRemoveMember = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (input: RemoveMemberInput) => removeMember(organizationId, input),
    refreshes: [queryKeys.admin.organization(organizationId), queryKeys.admin.organizations, queryKeys.admin.users.all],
    successToast: ({ email }) => `${email} removed from the organization`,
    toastFailure: true,
  });
