import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ErrorBox } from '@/components/ui/error-box';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isTeamNotFound, useTeam } from '../api/get-team';
import { DeleteTeamCard } from './delete-team-card';
import { TeamMembersCard } from './team-members-card';
import { TeamSettingsCard } from './team-settings-card';
import { shortName } from '@/lib/format';

function TeamNotFound() {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold tracking-tight">Team not found</h1>
      <p className="text-sm text-secondary-foreground">It does not exist, or you are not allowed to see it.</p>
      <Link to={paths.organizations} className="text-sm text-accent hover:underline">
        Back to organizations
      </Link>
    </div>
  );
}

/** A team: its name and badges, then what the caller may do there; the server decides each permission. */
export function TeamScreen({ teamId, currentUserId }: { teamId: string; currentUserId: string }) {
  const query = useTeam(teamId);
  const title = query.data?.team.name ?? (query.error && isTeamNotFound(query.error) ? 'Team not found' : 'Team');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <TeamBody query={query} currentUserId={currentUserId} />
    </>
  );
}

function TeamBody({ query, currentUserId }: { query: ReturnType<typeof useTeam>; currentUserId: string }) {
  if (query.isPending) return <Spinner />;
  if (query.error) return isTeamNotFound(query.error) ? <TeamNotFound /> : <ErrorBox message={query.error.message} />;

  const details = query.data;
  const { team, access } = details;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight break-all">{shortName(team.name)}</h1>
        {team.permissionMode === 'defined' ? (
          <Badge tone="amber">Private Team</Badge>
        ) : (
          <Badge tone="green">Public Team</Badge>
        )}
        {access.isOwner ? <Badge tone="indigo">Team Owner</Badge> : access.isMember ? <Badge>Team Member</Badge> : null}
      </div>
      {access.permissions['team:update'] && <TeamSettingsCard team={team} />}
      <TeamMembersCard details={details} currentUserId={currentUserId} />
      {access.permissions['team:delete'] && <DeleteTeamCard team={team} />}
    </div>
  );
}
