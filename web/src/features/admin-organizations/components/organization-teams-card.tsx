import type { AdminOrganizationDetail } from '#common/admin';
import { Badge } from '@/components/ui/badge';
import type { Column } from '@/components/ui/data-table';
import { DetailTableCard } from './detail-table-card';

type Team = AdminOrganizationDetail['teams'][number];

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
  return <DetailTableCard title="Teams" columns={columns} rows={teams} empty="No teams." rowTestId="team-row" />;
}
