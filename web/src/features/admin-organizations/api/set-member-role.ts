import type { AdminMemberRoleInput } from '#common/admin';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { organizationPath } from './organization-path';

export interface SetMemberRoleInput extends AdminMemberRoleInput {
  memberId: string;
  /** Who the member is, for the toast. */
  email: string;
}

export const setMemberRole = (organizationId: string, { memberId, role }: SetMemberRoleInput) =>
  api(
    organizationPath(organizationId, 'members', memberId),
    { method: 'PATCH', body: JSON.stringify({ role } satisfies AdminMemberRoleInput) },
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
