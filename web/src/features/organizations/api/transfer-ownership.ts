import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface TransferOwnershipInput {
  memberId: string;
  /** Who the new owner is, for the toast. */
  email: string;
}

export const transferOwnership = (organizationId: string, { memberId }: TransferOwnershipInput) =>
  answer(
    api.organizations[':id'].transfer.$post({ param: params({ id: organizationId }), json: { memberId } }),
    'Failed to hand the organization over',
  );

/** The member becomes owner and the caller admin: the organization (the caller's permissions) refreshes. */
export const useTransferOwnership = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (input: TransferOwnershipInput) => transferOwnership(organizationId, input),
    refreshes: [queryKeys.organization.detail(organizationId), queryKeys.myOrganizations],
    successToast: ({ email }) => `${email} is now the owner; you are an admin`,
  });
