import type { AdminMemberRoleInput } from '#common/admin';
import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface SetMemberRoleInput extends AdminMemberRoleInput {
  memberId: string;
  /** Who the member is, for the toast. */
  email: string;
}

export const setMemberRole = (organizationId: string, { memberId, role }: SetMemberRoleInput) =>
  answer(
    api.admin.organizations[':id'].members[':memberId'].$patch({
      param: params({ id: organizationId, memberId }),
      json: { role } satisfies AdminMemberRoleInput,
    }),
    'Failed to change the role',
  );

/** A refusal (the last owner) is a toast, and the role select shows the stored role again. */
export const useSetMemberRole = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (input: SetMemberRoleInput) => setMemberRole(organizationId, input),
    // The detail's key holds its member pages: the page on screen shows the new role. The user list
    // shows each user's organization role too.
    refreshes: [queryKeys.admin.organization(organizationId), queryKeys.admin.users.all],
    successToast: ({ email, role }) => `${email} is now ${role === 'member' ? 'a' : 'an'} ${role}`,
    toastFailure: true,
  });
