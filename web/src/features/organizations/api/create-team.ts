import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const createTeam = ({ organizationId, name }: { organizationId: string; name: string }) =>
  unwrap(authClient.organization.createTeam({ name, organizationId }), 'Failed to create team');

/** Creates a team; the organization's team list and its team count follow. */
export const useCreateTeam = () =>
  useRefreshingMutation({
    mutationFn: createTeam,
    refreshes: ({ organizationId }) => [queryKeys.teams.ofOrganization(organizationId), queryKeys.myOrganizations],
  });
