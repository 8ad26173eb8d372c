import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TEAM_MESSAGES, type TeamDetails, type TeamRole } from '#common/teams';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import {
  addTeamMember,
  deleteTeam,
  findOrganizationMember,
  setPermissionMode,
  setTeamRole,
  teamQuery,
  TeamNotFoundError,
} from '../api/teams';
import { queryKeys } from '@/lib/query-keys';

function MembersSection({ details, currentUserId }: { details: TeamDetails; currentUserId: string }) {
  const queryClient = useQueryClient();
  const { team, members, access } = details;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQuery(team.id).queryKey });
  const changeRole = useMutation({
    mutationFn: ({ userId, next }: { userId: string; next: TeamRole }) => setTeamRole(team.id, userId, next),
    onSuccess: refresh,
  });

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setAdding(true);
    setAddError(null);
    try {
      const member = await findOrganizationMember(team.organizationId, email).catch(() => null);
      if (!member) {
        setAddError(TEAM_MESSAGES.USER_NOT_IN_ORGANIZATION);
        return;
      }
      try {
        await addTeamMember(team.id, member.userId, role);
        setEmail('');
        await refresh();
      } catch {
        setAddError(TEAM_MESSAGES.ADD_MEMBER_FAILED);
      }
    } finally {
      setAdding(false);
    }
  };

  if (team.permissionMode === 'inherited') {
    return (
      <Card title="Members">
        <p className="text-sm text-slate-600">
          This is a public team: every member of the organization belongs to it. Make it private to choose its members.
        </p>
      </Card>
    );
  }

  return (
    <Card title="Members">
      <div className="space-y-4">
        <ErrorBox message={changeRole.error?.message} />
        <ErrorBox message={addError} />
        {access.permissions['team:addMember'] && (
          <form className="flex flex-wrap items-end gap-2" onSubmit={onAdd}>
            <div className="min-w-56 flex-1">
              <Label htmlFor="member-email">Member email</Label>
              <Input id="member-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            </div>
            <div>
              <Label htmlFor="member-role">Role</Label>
              <Select id="member-role" value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
                <option value="member">Member</option>
                <option value="owner">Owner</option>
              </Select>
            </div>
            <Button type="submit" disabled={!email.trim() || adding}>
              Add Member
            </Button>
          </form>
        )}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Team members">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <Avatar name={member.user.name} email={member.user.email} image={member.user.image} />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{member.user.name || member.user.email}</p>
                <p className="text-xs text-slate-500">{member.user.email}</p>
              </div>
              <Badge tone={member.role === 'owner' ? 'indigo' : 'slate'}>
                {member.role === 'owner' ? 'Owner' : 'Member'}
              </Badge>
              {access.permissions['team:update'] && member.userId !== currentUserId && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={changeRole.isPending}
                  aria-label={`${member.role === 'owner' ? 'Demote' : 'Promote'} ${member.user.email}`}
                  onClick={() =>
                    changeRole.mutate({ userId: member.userId, next: member.role === 'owner' ? 'member' : 'owner' })
                  }
                >
                  {member.role === 'owner' ? 'Demote' : 'Promote'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

export function TeamScreen({ teamId, currentUserId }: { teamId: string; currentUserId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const team = useQuery(teamQuery(teamId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQuery(teamId).queryKey });
  const privacy = useMutation({
    mutationFn: (mode: 'inherited' | 'defined') => setPermissionMode(teamId, mode),
    onSuccess: refresh,
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteTeam(teamId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: teamQuery(teamId).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeys.teams.all });
      await navigate(paths.organizations, { replace: true });
    },
  });

  if (team.isPending) return <Spinner />;
  if (team.error) {
    return team.error instanceof TeamNotFoundError ? (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Team not found</h1>
        <p className="text-sm text-slate-600">It does not exist, or you are not allowed to see it.</p>
        <Link to={paths.organizations} className="text-sm text-indigo-600 hover:underline">
          Back to organizations
        </Link>
      </div>
    ) : (
      <ErrorBox message={team.error.message} />
    );
  }

  const details = team.data;
  const { access } = details;
  const isPrivate = details.team.permissionMode === 'defined';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{details.team.name}</h1>
        {isPrivate ? <Badge tone="amber">Private Team</Badge> : <Badge tone="green">Public Team</Badge>}
        {access.isOwner ? <Badge tone="indigo">Team Owner</Badge> : access.isMember ? <Badge>Team Member</Badge> : null}
      </div>

      {access.permissions['team:update'] && (
        <Card
          title="Settings"
          description={
            isPrivate
              ? 'Only the members listed below belong to this team.'
              : 'Everyone in the organization belongs to this team.'
          }
        >
          <ErrorBox message={privacy.error?.message} />
          <Button
            variant="secondary"
            disabled={privacy.isPending}
            onClick={() => privacy.mutate(isPrivate ? 'inherited' : 'defined')}
          >
            {isPrivate ? 'Make Public' : 'Make Private'}
          </Button>
        </Card>
      )}

      <MembersSection details={details} currentUserId={currentUserId} />

      {access.permissions['team:delete'] && (
        <Card title="Danger Zone" tone="danger">
          <ErrorBox message={remove.error?.message} />
          <Button variant="danger" disabled={remove.isPending} onClick={() => setConfirmingDelete(true)}>
            Delete Team
          </Button>
          {confirmingDelete && (
            <ConfirmDialog
              title="Delete team"
              message={`Are you sure you want to delete the team "${details.team.name}"? This action cannot be undone.`}
              onConfirm={() => remove.mutate()}
              onClose={() => setConfirmingDelete(false)}
            />
          )}
        </Card>
      )}
    </div>
  );
}
