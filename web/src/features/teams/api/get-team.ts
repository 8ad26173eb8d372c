import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { RequestError, unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** The team, its members and what the caller may do there (404 when missing or not the caller's to see). */
export const getTeam = (teamId: string) =>
  unwrap(authClient.teamPermissions.getTeam({ query: { teamId } }), 'Failed to load the team');

export const teamQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: queryKeys.team(teamId), queryFn: () => getTeam(teamId) });

export const useTeam = (teamId: string) => useQuery(teamQueryOptions(teamId));

/** The server answers a team the caller may not see exactly like a missing one. */
export const isTeamNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;
