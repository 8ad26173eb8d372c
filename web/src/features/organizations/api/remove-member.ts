import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface RemoveMemberInput {
  memberId: string;
  /** Who the member is, for the toast. */
  email: string;
}

export const removeMember = (organizationId: string, { memberId }: RemoveMemberInput) =>
  unwrap(
    authClient.organization.removeMember({ organizationId, memberIdOrEmail: memberId }),
    'Failed to remove the member',
  );

/** The member goes: the organization (its count, its member pages) and the caller's list refresh. */
export const useRemoveMember = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (input: RemoveMemberInput) => removeMember(organizationId, input),
    refreshes: [queryKeys.organization.detail(organizationId), queryKeys.myOrganizations],
    successToast: ({ email }) => `${email} removed from the organization`,
    toastFailure: true,
  });
