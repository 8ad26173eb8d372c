import { Link } from 'react-router';
import type { AdminOrganizationRow } from '#common/admin';
import { DataTable, type Column } from '@/components/ui/data-table';
import { NameForm } from '@/components/ui/name-form';
import { paths } from '@/config/paths';
import { useAdminOrganizations } from '@/lib/admin-organizations';
import { formatDate, truncate } from '@/lib/format';
import { useCreateAdminOrganization } from '../api/create-admin-organization';

const columns: Column<AdminOrganizationRow>[] = [
  {
    header: 'Name',
    // Each organization opens on its own page: members, invitations, teams, deletion.
    cell: (organization) => (
      <Link
        to={paths.adminOrganization(organization.id)}
        className="text-indigo-600 dark:text-indigo-300 hover:underline"
      >
        {organization.name}
      </Link>
    ),
    className: 'font-medium',
  },
  {
    header: 'ID',
    // The spec shows 8 characters; the whole id is in the tooltip.
    cell: (organization) => <span title={organization.id}>{truncate(organization.id, 8)}</span>,
    className: 'font-mono text-xs',
  },
  { header: 'Slug', cell: (organization) => organization.slug, className: 'font-mono text-xs' },
  { header: 'Members', cell: (organization) => organization.memberCount },
  { header: 'Teams', cell: (organization) => organization.teamCount },
  { header: 'Created', cell: (organization) => formatDate(organization.createdAt) },
];
const organizationId = (organization: AdminOrganizationRow) => organization.id;

export function AdminOrganizationsScreen() {
  const organizations = useAdminOrganizations();
  const create = useCreateAdminOrganization();
  return (
    <div className="space-y-6">
      <section
        aria-label="New organization"
        className="rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4"
      >
        <NameForm
          id="admin-organization-name"
          label="Organization name"
          submitLabel="Create Organization"
          mutation={create}
        />
      </section>
      <DataTable
        label="Organizations"
        columns={columns}
        rows={organizations.data}
        rowKey={organizationId}
        isPending={organizations.isPending}
        error={organizations.error?.message}
        empty="No organizations yet."
        rowTestId="organization-row"
      />
    </div>
  );
}
