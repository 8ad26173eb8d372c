import { Link } from 'react-router';
import { z } from 'zod';
import { adminOrganizationListQuerySchema, type AdminOrganizationRow } from '#common/admin';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { SearchField } from '@/components/ui/search-field';
import { NameForm } from '@/components/ui/name-form';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { useAdminOrganizations } from '@/lib/admin-organizations';
import { formatDate, shortName, truncate } from '@/lib/format';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateAdminOrganization } from '../api/create-admin-organization';
import { useOrganizationListView } from '../hooks/use-organization-list-view';

const columns: Column<AdminOrganizationRow>[] = [
  {
    header: 'Name',
    // Each organization opens on its own page: members, invitations, teams, deletion.
    cell: (organization) => (
      <Link to={paths.adminOrganization(organization.id)} className="text-accent hover:underline">
        {shortName(organization.name)}
      </Link>
    ),
    className: 'font-medium break-all',
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

/** The search text is checked by the server's own rule for it (length, no control characters). */
const searchFormSchema = z.object({ search: adminOrganizationListQuerySchema.shape.search });
const SEARCH_ID = 'organization-search';

function OrganizationSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const form = useZodForm(searchFormSchema, { defaultValues: { search } });
  const searchError = form.formState.errors.search?.message;
  return (
    <form
      className="flex flex-1 flex-wrap items-start gap-2"
      onSubmit={form.handleSubmit((values) => onSearch(values.search))}
      role="search"
      noValidate
    >
      <SearchField
        id={SEARCH_ID}
        label="Search organizations"
        placeholder="Search by name, slug or id"
        error={searchError}
        {...form.register('search')}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

export function AdminOrganizationsScreen() {
  const [view, setView] = useOrganizationListView();
  const organizations = useAdminOrganizations(view);
  const create = useCreateAdminOrganization();
  const total = organizations.data?.total ?? 0;
  const page = Math.floor(view.offset / view.limit) + 1;
  const pages = Math.max(1, Math.ceil(total / view.limit));
  return (
    <div className="space-y-6">
      <section aria-label="New organization" className="rounded-xl border border-border bg-surface p-4">
        <NameForm
          id="admin-organization-name"
          label="Organization name"
          submitLabel="Create Organization"
          mutation={create}
        />
      </section>
      <div className="flex flex-wrap items-start gap-2">
        <OrganizationSearch search={view.search} onSearch={(search) => setView({ search, offset: 0 })} />
        <PageSizeSelect value={view.limit} onChange={(limit) => setView({ limit, offset: 0 })} />
      </div>
      <DataTable
        label="Organizations"
        columns={columns}
        rows={organizations.data?.data}
        rowKey={organizationId}
        isPending={organizations.isPending}
        error={organizations.error?.message}
        empty={view.search ? 'No organizations match the search.' : 'No organizations yet.'}
        rowTestId="organization-row"
        footer={
          <Pagination
            page={page}
            pages={pages}
            hasNext={view.offset + view.limit < total}
            onPrevious={() => setView({ offset: Math.max(0, view.offset - view.limit) })}
            onNext={() => setView({ offset: view.offset + view.limit })}
          />
        }
      />
    </div>
  );
}
