import type { TeamDetails } from '#common/teams';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ItemList } from '@/components/ui/item-list';
import { ErrorBox } from '@/components/ui/error-box';
import { useSetTeamRole } from '../api/set-team-role';
import { AddTeamMemberForm } from './add-team-member-form';

/** A private team's members, with Promote and Demote for those who may update the team (never on oneself). */
export function TeamMembersCard({ details, currentUserId }: { details: TeamDetails; currentUserId: string }) {
  const { team, members, access } = details;
  const changeRole = useSetTeamRole(team.id);

  if (team.permissionMode === 'inherited') {
    return (
      <Card title="Members">
        <p className="text-sm text-secondary-foreground">
          This is a public team: every member of the organization belongs to it. Make it private to choose its members.
        </p>
      </Card>
    );
  }

  return (
    <Card title="Members">
      <div className="space-y-4">
        <ErrorBox message={changeRole.error?.message} />
        {access.permissions['team:addMember'] && <AddTeamMemberForm team={team} />}
        <ItemList label="Team members" items={members}>
          {(member) => {
            const next = member.role === 'owner' ? 'member' : 'owner';
            const action = member.role === 'owner' ? 'Demote' : 'Promote';
            return (
              <li key={member.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <Avatar name={member.user.name} email={member.user.email} image={member.user.image} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{member.user.name || member.user.email}</p>
                  <p className="text-xs text-muted-foreground">{member.user.email}</p>
                </div>
                <Badge tone={member.role === 'owner' ? 'indigo' : 'slate'}>
                  {member.role === 'owner' ? 'Owner' : 'Member'}
                </Badge>
                {access.permissions['team:update'] && member.userId !== currentUserId && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={changeRole.isPending}
                    aria-label={`${action} ${member.user.email}`}
                    onClick={() => changeRole.mutate({ teamId: team.id, userId: member.userId, role: next })}
                  >
                    {action}
                  </Button>
                )}
              </li>
            );
          }}
        </ItemList>
      </div>
    </Card>
  );
}
