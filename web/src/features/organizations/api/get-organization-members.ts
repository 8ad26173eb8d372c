import { useQuery } from '@tanstack/react-query';
import { answer, api, params, query } from '@/lib/api';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';

/** Which members a page shows: a search by name or email, only those without two-factor, from a cursor. */
export interface MemberView {
  search: string;
  twoFactor?: 'off' | undefined;
  cursor: string;
}

/** A page of the organization's members, searched and filtered on the server. */
export const getOrganizationMembers = (organizationId: string, view: MemberView) =>
  answer(
    api.organizations[':id'].members.$get({ param: params({ id: organizationId }), query: query({ ...view }) }),
    'Failed to load members',
  );

export const organizationMembersQueryOptions = (organizationId: string, view: MemberView) =>
  keptQueryOptions(queryKeys.organization.members(organizationId, view), () =>
    getOrganizationMembers(organizationId, view),
  );

export const useOrganizationMembers = (organizationId: string, view: MemberView) =>
  useQuery(organizationMembersQueryOptions(organizationId, view));
