import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, params } from '@/lib/api';
import { RequestError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** The organization with its members, pending invitations and teams (404 when there is none). */
export const getAdminOrganization = async (organizationId: string) =>
  (
    await answer(
      api.admin.organizations[':id'].$get({ param: params({ id: organizationId }) }),
      'Failed to load the organization',
    )
  ).data;

export const adminOrganizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.organization(organizationId),
    queryFn: () => getAdminOrganization(organizationId),
  });

export const useAdminOrganization = (organizationId: string) => useQuery(adminOrganizationQueryOptions(organizationId));

export const isOrganizationNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;
