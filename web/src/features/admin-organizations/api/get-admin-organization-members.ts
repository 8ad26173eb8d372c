import { useQuery } from '@tanstack/react-query';
import type { AdminOrganizationMemberPage } from '#common/admin-organization-members';
import { answer, api, params, query } from '@/lib/api';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';

/** A page of the organization's members, oldest first, from the `nextCursor` of the page before ('' for the first). */
export const getAdminOrganizationMembers = (organizationId: string, cursor: string) =>
  answer(
    api.admin.organizations[':id'].members.$get({ param: params({ id: organizationId }), query: query({ cursor }) }),
    'Failed to load members',
  );

export const adminOrganizationMembersQueryOptions = (organizationId: string, cursor: string) =>
  keptQueryOptions(queryKeys.admin.organizationMembers(organizationId, cursor), () =>
    getAdminOrganizationMembers(organizationId, cursor),
  );

/** The page from `cursor`; the first page came with the organization's detail (`firstPage`), with no request again. */
export const useAdminOrganizationMembers = (
  organizationId: string,
  cursor: string,
  firstPage: AdminOrganizationMemberPage,
) =>
  useQuery({
    ...adminOrganizationMembersQueryOptions(organizationId, cursor),
    initialData: cursor === '' ? firstPage : undefined,
  });
