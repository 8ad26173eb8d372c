import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, params } from '@/lib/api';
import { RequestError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** One organization as its member sees it, with the permissions their roles hold there. */
export const getOrganization = async (organizationId: string) =>
  (
    await answer(
      api.organizations[':id'].$get({ param: params({ id: organizationId }) }),
      'Failed to load the organization',
    )
  ).data;

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organization.detail(organizationId),
    queryFn: () => getOrganization(organizationId),
  });

export const useOrganization = (organizationId: string) => useQuery(organizationQueryOptions(organizationId));

/** No such organization, or the caller is not a member of it: the server says the same for both. */
export const isOrganizationNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;

/** The organization's two-factor policy keeps the caller out until they turn two-factor on. */
export const requiresTwoFactor = (error: unknown) =>
  error instanceof RequestError && error.code === 'ORGANIZATION_REQUIRES_TWO_FACTOR';
