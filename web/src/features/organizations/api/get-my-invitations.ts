import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getMyInvitations = async () => (await answer(api.invitations.$get(), 'Failed to load invitations')).data;

export const myInvitationsQueryOptions = queryOptions({ queryKey: queryKeys.myInvitations, queryFn: getMyInvitations });

/** The invitations sent to the caller's address; asked only once it is verified (`enabled`). */
export const useMyInvitations = (enabled: boolean) => useQuery({ ...myInvitationsQueryOptions, enabled });
