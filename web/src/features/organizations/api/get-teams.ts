import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export const teamsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.teams.ofOrganization(organizationId),
    queryFn: () => unwrap(authClient.teamPermissions.listTeams({ query: { organizationId } }), 'Failed to load teams'),
  });

/** The organization's teams that the caller may see. */
export const useOrganizationTeams = (organizationId: string) => useQuery(teamsQuery(organizationId));
