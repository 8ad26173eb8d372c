import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const createTeam = ({ organizationId, name }: { organizationId: string; name: string }) =>
  unwrap(authClient.organization.createTeam({ name, organizationId }), 'Failed to create team');

/** Creates a team in the organization; its team list and its team count follow. */
export const useCreateTeam = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (name: string) => createTeam({ organizationId, name }),
    refreshes: [queryKeys.teams.ofOrganization(organizationId), queryKeys.myOrganizations],
  });
