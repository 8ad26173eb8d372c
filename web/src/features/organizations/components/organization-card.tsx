import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Plus, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { hasAnyRole } from '#common/roles';
import { TEAM_MANAGING_ORG_ROLES } from '#common/teams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NameForm } from '@/components/ui/name-form';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { myOrganizationsQuery, type MyOrganization } from '@/lib/organizations';
import { OrganizationFacts } from './organization-facts';
import { cancelInvitation, createTeam, invitationsQuery, inviteMember, teamsQuery } from '../api/organizations';

function CreateTeamForm({ organizationId, onDone }: { organizationId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (teamName: string) => createTeam(organizationId, teamName),
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: teamsQuery(organizationId).queryKey });
      await queryClient.invalidateQueries({ queryKey: myOrganizationsQuery.queryKey });
    },
  });
  return (
    <div className="mt-3">
      <NameForm
        id={`team-name-${organizationId}`}
        label="Team name"
        submitLabel="Create Team"
        onSubmit={create.mutateAsync}
        pending={create.isPending}
        error={create.error?.message}
        autoFocus
      />
    </div>
  );
}

function InviteSection({ organizationId, canInviteAdmins }: { organizationId: string; canInviteAdmins: boolean }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQuery(organizationId));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [sent, setSent] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsQuery(organizationId).queryKey });
  const invite = useMutation({
    mutationFn: () => inviteMember(organizationId, email.trim(), role),
    onMutate: () => setSent(null),
    onSuccess: async () => {
      setSent(`Invitation sent to ${email.trim()}.`);
      setEmail('');
      await refresh();
    },
  });
  const cancel = useMutation({ mutationFn: cancelInvitation, onSuccess: refresh });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate();
  };

  return (
    <div className="mt-6">
      <h4 className="text-sm font-semibold">Invite members</h4>
      <form className="mt-2 space-y-2" onSubmit={onSubmit}>
        <ErrorBox message={invite.error?.message ?? cancel.error?.message} />
        {sent && <Notice tone="success">{sent}</Notice>}
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <Label htmlFor={`invite-email-${organizationId}`}>Email to invite</Label>
            <Input
              id={`invite-email-${organizationId}`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`invite-role-${organizationId}`}>Role</Label>
            <Select
              id={`invite-role-${organizationId}`}
              value={role}
              onChange={(event) => setRole(event.target.value as 'member' | 'admin')}
            >
              <option value="member">Member</option>
              {canInviteAdmins && <option value="admin">Admin</option>}
            </Select>
          </div>
          <Button type="submit" disabled={!email.trim() || invite.isPending}>
            Send Invitation
          </Button>
        </div>
      </form>
      {invitations.data && invitations.data.length > 0 && (
        <ul
          className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label="Pending invitations"
        >
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {invitation.email} <Badge>{invitation.role}</Badge>{' '}
                <span className="text-xs text-slate-500">expires {formatDate(invitation.expiresAt)}</span>
              </span>
              <Button variant="danger-ghost" size="sm" onClick={() => cancel.mutate(invitation.id)}>
                Cancel invitation
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function OrganizationCard({ organization }: { organization: MyOrganization }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const role = organization.role || 'member';
  const managesTeams = hasAnyRole(role, TEAM_MANAGING_ORG_ROLES);
  const teams = useQuery({ ...teamsQuery(organization.id), enabled: open });

  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <button
        type="button"
        className="flex w-full items-center gap-3 px-5 py-4 text-left"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? <ChevronDown className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
        <span className="flex-1 font-medium">{organization.name}</span>
        <Badge tone={managesTeams ? 'indigo' : 'slate'}>{role}</Badge>
        <span className="flex items-center gap-1 text-sm text-slate-500">
          <Users className="size-4" aria-hidden /> {organization.memberCount}
        </span>
      </button>
      {open && (
        <div className="border-t border-slate-100 px-5 py-4">
          <OrganizationFacts organization={organization} />

          <div className="mt-6 flex items-center justify-between">
            <h4 className="text-sm font-semibold">Teams</h4>
            {managesTeams && !creating && (
              <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
                <Plus className="size-4" aria-hidden /> New Team
              </Button>
            )}
          </div>
          {creating && <CreateTeamForm organizationId={organization.id} onDone={() => setCreating(false)} />}
          <ErrorBox message={teams.error?.message} />
          {teams.isPending ? (
            <Spinner className="mt-2" />
          ) : teams.data && teams.data.length > 0 ? (
            <ul
              className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
              aria-label={`Teams of ${organization.name}`}
            >
              {teams.data.map((team) => (
                <li key={team.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                  <Link to={paths.team(team.id)} className="font-medium text-indigo-700 hover:underline">
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
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No teams yet.</p>
          )}

          {managesTeams && <InviteSection organizationId={organization.id} canInviteAdmins={managesTeams} />}
        </div>
      )}
    </li>
  );
}
