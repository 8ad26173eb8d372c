import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface UpdateMemberRoleInput {
  memberId: string;
  role: string;
  /** Who the member is, for the toast. */
  email: string;
}

export const updateMemberRole = (organizationId: string, { memberId, role }: UpdateMemberRoleInput) =>
  unwrap(authClient.organization.updateMemberRole({ organizationId, memberId, role }), 'Failed to change the role');

/** A refusal is a toast, and the role select shows the stored role again as the page refreshes. */
export const useUpdateMemberRole = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (input: UpdateMemberRoleInput) => updateMemberRole(organizationId, input),
    refreshes: [queryKeys.organization.allMembers(organizationId)],
    successToast: ({ email, role }) => `${email} is now ${role}`,
    toastFailure: true,
  });
