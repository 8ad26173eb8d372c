import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TeamView } from '#common/teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';
import { useDeleteTeam } from '../api/delete-team';

/** The Danger Zone: Delete Team, after a confirmation that names the team; then back to the organizations. */
export function DeleteTeamCard({ team }: { team: TeamView }) {
  const navigate = useNavigate();
  const remove = useDeleteTeam(team.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card title="Danger Zone" tone="danger">
      <ErrorBox message={remove.error?.message} />
      <Button variant="danger" disabled={remove.isPending} onClick={() => setConfirming(true)}>
        Delete Team
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete team"
          message={`Are you sure you want to delete the team "${team.name}"? This action cannot be undone.`}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => navigate(paths.organizations, { replace: true }) })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
