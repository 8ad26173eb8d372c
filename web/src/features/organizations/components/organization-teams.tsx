import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NameForm } from '@/components/ui/name-form';
import { QueryList } from '@/components/ui/item-list';
import { paths } from '@/config/paths';
import { useCreateTeam } from '../api/create-team';
import { useOrganizationTeams } from '../api/get-teams';
import type { MyOrganization } from '../api/get-my-organizations';

function CreateTeamForm({ organizationId, onDone }: { organizationId: string; onDone: () => void }) {
  const create = useCreateTeam(organizationId);
  return (
    <div className="mt-3">
      <NameForm
        id={`team-name-${organizationId}`}
        label="Team name"
        submitLabel="Create Team"
        mutation={create}
        onDone={onDone}
        autoFocus
      />
    </div>
  );
}

/** An open organization's teams, each a link to its screen; New Team for those who manage teams. */
export function OrganizationTeams({
  organization,
  managesTeams,
}: {
  organization: MyOrganization;
  managesTeams: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const teams = useOrganizationTeams(organization.id);
  return (
    <>
      <div className="mt-6 flex items-center justify-between">
        <h4 className="text-sm font-semibold">Teams</h4>
        {managesTeams && !creating && (
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> New Team
          </Button>
        )}
      </div>
      {creating && <CreateTeamForm organizationId={organization.id} onDone={() => setCreating(false)} />}
      <div className="mt-2">
        <QueryList query={teams} empty="No teams yet." label={`Teams of ${organization.name}`}>
          {(team) => (
            <li key={team.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <Link to={paths.team(team.id)} className="font-medium text-accent hover:underline">
                {team.name}
              </Link>
              <span className="flex gap-1">
                {team.permissionMode === 'defined' ? (
                  <Badge tone="amber">Private</Badge>
                ) : (
                  <Badge tone="green">Public</Badge>
                )}
                {team.isOwner && <Badge tone="indigo">Owner</Badge>}
              </span>
            </li>
          )}
        </QueryList>
      </div>
    </>
  );
}
