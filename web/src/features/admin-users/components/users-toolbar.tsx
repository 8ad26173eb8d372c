import { RefreshCw } from 'lucide-react';
import { z } from 'zod';
import { adminUserListQuerySchema, type AdminUserListQuery } from '#common/admin';
import { Button } from '@/components/ui/button';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { useZodForm } from '@/lib/use-zod-form';
import { UserFilters } from './user-filters';

/** The search text is checked by the server's own rule for it (length, no control characters). */
const searchFormSchema = z.object({ search: adminUserListQuerySchema.shape.search });
const SEARCH_ID = 'user-search';

/** Search (by email or name, or an id), role and flag filters, page size and Refresh: all kept in the view (the URL). */
export function UsersToolbar({
  view,
  setView,
  onRefresh,
  refreshing,
}: {
  view: AdminUserListQuery;
  setView: (change: Partial<AdminUserListQuery>) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const form = useZodForm(searchFormSchema, { defaultValues: { search: view.search } });
  const searchError = form.formState.errors.search?.message;
  const submit = form.handleSubmit(({ search }) => setView({ search, offset: 0 }));
  return (
    <div className="flex flex-wrap items-start gap-2">
      <form className="flex flex-1 flex-wrap items-start gap-2" onSubmit={submit} role="search" noValidate>
        <Select
          aria-label="Search by"
          value={view.searchField}
          onChange={(event) => setView({ searchField: event.target.value as 'email' | 'name', offset: 0 })}
        >
          <option value="email">Email</option>
          <option value="name">Name</option>
        </Select>
        {/* The selector beside it and the placeholder say what is searched: no visible label. */}
        <SearchField
          id={SEARCH_ID}
          label="Search users"
          placeholder={`Search by ${view.searchField} or id`}
          error={searchError}
          {...form.register('search')}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <Select
        aria-label="Role filter"
        value={view.role}
        onChange={(event) => setView({ role: event.target.value as AdminUserListQuery['role'], offset: 0 })}
      >
        <option value="all">All Roles</option>
        <option value="user">User</option>
        <option value="admin">Admin</option>
      </Select>
      <UserFilters view={view} setView={setView} />
      <PageSizeSelect value={view.limit} onChange={(limit) => setView({ limit, offset: 0 })} />
      <Button variant="secondary" onClick={onRefresh} aria-label="Refresh">
        <RefreshCw className={`size-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden /> Refresh
      </Button>
    </div>
  );
}
