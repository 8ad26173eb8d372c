import { useNavigate } from 'react-router';
import type { TeamView } from '#common/teams';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';
import { useDeleteTeam } from '../api/delete-team';
import { shortName } from '@/lib/format';

/** The Danger Zone: Delete Team, after a confirmation that names the team; then back to the organizations. */
export function DeleteTeamCard({ team }: { team: TeamView }) {
  const navigate = useNavigate();
  const remove = useDeleteTeam(team.id);
  return (
    <Card title="Danger Zone" tone="danger">
      <ErrorBox message={remove.error?.message} />
      <ConfirmButton
        variant="danger"
        disabled={remove.isPending}
        title="Delete team"
        question={`Are you sure you want to delete the team "${shortName(team.name)}"? This action cannot be undone.`}
        onConfirm={() =>
          remove.mutate(undefined, { onSuccess: () => navigate(paths.organizations, { replace: true }) })
        }
      >
        Delete Team
      </ConfirmButton>
    </Card>
  );
}
