import type { AdminOrganizationDetail } from '#common/admin';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';

type Team = AdminOrganizationDetail['teams'][number];
const teamKey = (team: Team) => team.id;

const columns: Column<Team>[] = [
  { header: 'Name', cell: (team) => team.name, className: 'font-medium' },
  {
    header: 'Visibility',
    cell: (team) =>
      team.permissionMode === 'defined' ? <Badge tone="amber">Private</Badge> : <Badge tone="green">Public</Badge>,
  },
  { header: 'Members', cell: (team) => team.memberCount },
];

/** The organization's teams; a public team's members are the organization's, its count is of named places. */
export function OrganizationTeamsCard({ teams }: { teams: Team[] }) {
  return (
    <Card title="Teams">
      <DataTable
        label="Teams"
        columns={columns}
        rows={teams}
        rowKey={teamKey}
        isPending={false}
        empty="No teams."
        rowTestId="team-row"
      />
    </Card>
  );
}
