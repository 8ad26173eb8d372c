import type { TeamView } from '#common/teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { useSetPermissionMode } from '../api/set-permission-mode';

/** Make Public / Make Private, for those who may update the team. */
export function TeamSettingsCard({ team }: { team: TeamView }) {
  const privacy = useSetPermissionMode(team.id);
  const isPrivate = team.permissionMode === 'defined';
  return (
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
        onClick={() => privacy.mutate({ teamId: team.id, permissionMode: isPrivate ? 'inherited' : 'defined' })}
      >
        {isPrivate ? 'Make Public' : 'Make Private'}
      </Button>
    </Card>
  );
}
