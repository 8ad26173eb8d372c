import { useMutation, useQuery } from '@tanstack/react-query';
import { Ban, Eye, Pencil, RefreshCw, ShieldCheck, Trash2, UserPlus, VenetianMask } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isPlatformAdmin } from '#common/roles';
import { adminUserListQuerySchema, PAGE_SIZES, type AdminUserListQuery, type AdminUserRow } from '#common/admin';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { adminUsersQuery, impersonateUser, removeUser, unbanUser, useRefreshUsers } from '../api/admin-users';
import { BanUserModal } from './ban-user-modal';
import { CreateUserModal } from './create-user-modal';
import { EditUserModal } from './edit-user-modal';
import { UserDetailsModal } from './user-details-modal';

export const DELETE_USER_CONFIRMATION =
  'Are you sure you want to permanently delete this user? This action cannot be undone.';

/** The view lives in the URL, so reload and share keep it; anything malformed falls back to defaults. */
function useView(): [AdminUserListQuery, (change: Partial<AdminUserListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = adminUserListQuerySchema.safeParse(Object.fromEntries(params));
  const view = parsed.success ? parsed.data : adminUserListQuerySchema.parse({});
  const update = (change: Partial<AdminUserListQuery>) => {
    // A cursor belongs to the page it came from: any other change of view drops it.
    const next = { ...view, cursor: '', ...change };
    const defaults = adminUserListQuerySchema.parse({});
    setParams(
      Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => value !== defaults[key as keyof AdminUserListQuery])
          .map(([key, value]) => [key, String(value)]),
      ),
    );
  };
  return [view, update];
}

/** A column header that sorts by its field; a second click reverses the order. */
function SortableHeader({
  label,
  field,
  view,
  onSort,
}: {
  label: string;
  field: AdminUserListQuery['sortBy'];
  view: AdminUserListQuery;
  onSort: (change: Partial<AdminUserListQuery>) => void;
}) {
  const active = view.sortBy === field;
  const next =
    active && view.sortDirection === 'desc' ? 'asc' : active ? 'desc' : field === 'createdAt' ? 'desc' : 'asc';
  return (
    <th className="px-4 py-3" aria-sort={active ? (view.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="uppercase hover:text-slate-800"
        onClick={() => onSort({ sortBy: field, sortDirection: next, offset: 0 })}
      >
        {label}
        {active ? (view.sortDirection === 'asc' ? ' ↑' : ' ↓') : ''}
      </button>
    </th>
  );
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'ban' | 'details' | 'delete'; user: AdminUserRow } | null;

function IconButton({
  label,
  onClick,
  children,
  danger,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      onClick={onClick}
      className={`rounded p-1.5 ${danger ? 'text-red-600 hover:bg-red-50' : 'text-slate-600 hover:bg-slate-100'}`}
    >
      {children}
    </button>
  );
}

export function UsersScreen() {
  const [view, setView] = useView();
  const [searchText, setSearchText] = useState(view.search);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const users = useQuery(adminUsersQuery(view));
  const currentUserId = useSession().data?.user.id;
  const refresh = useRefreshUsers();

  const action = useMutation({
    mutationFn: (work: () => Promise<unknown>) => work(),
    onMutate: () => setActionError(null),
    onSuccess: refresh,
    onError: (caught) => setActionError(caught.message),
  });
  const impersonate = useMutation({
    mutationFn: impersonateUser,
    onMutate: () => setActionError(null),
    // The whole console now belongs to the impersonated user: load it afresh.
    onSuccess: () => window.location.assign(paths.profile),
    onError: (caught) => setActionError(caught.message),
  });

  const total = users.data?.total ?? 0;
  // A search is counted up to a cap: "1000+" and "Page 1 of 50+", with Next while pages are full.
  const capped = users.data?.totalCapped ?? false;
  const page = Math.floor(view.offset / view.limit) + 1;
  const pages = Math.max(1, Math.ceil(total / view.limit), capped ? page : 1);
  const hasNext = capped ? users.data?.users.length === view.limit : page < pages;
  // Previous and Next walk on from this page's first or last row rather than skip rows again.
  const cursors = users.isPlaceholderData ? undefined : users.data;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setView({ search: searchText.trim(), offset: 0 });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{users.data ? `Users (${total}${capped ? '+' : ''})` : 'Users'}</h2>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <UserPlus className="size-4" aria-hidden /> Create User
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <form className="flex flex-1 flex-wrap items-center gap-2" onSubmit={onSearch} role="search">
          <Select
            aria-label="Search by"

            value={view.searchField}
            onChange={(event) => setView({ searchField: event.target.value as 'email' | 'name', offset: 0 })}
          >
            <option value="email">Email</option>
            <option value="name">Name</option>
          </Select>
          <Input
            aria-label="Search users"
            placeholder={`Search by ${view.searchField}`}
            className="max-w-xs"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
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
        <Select
          aria-label="Page size"

          value={view.limit}
          onChange={(event) => setView({ limit: Number(event.target.value), offset: 0 })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} per page
            </option>
          ))}
        </Select>
        <Button variant="secondary" onClick={() => void users.refetch()} aria-label="Refresh">
          <RefreshCw className={`size-4 ${users.isFetching ? 'animate-spin' : ''}`} aria-hidden /> Refresh
        </Button>
      </div>

      <ErrorBox message={actionError ?? users.error?.message} />

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <SortableHeader label="User" field="name" view={view} onSort={setView} />
              <th className="px-4 py-3">Role</th>
              <th className="px-4 py-3">Organization</th>
              <th className="px-4 py-3">Status</th>
              <SortableHeader label="Created" field="createdAt" view={view} onSort={setView} />
              <th className="px-4 py-3">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.isPending ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center">
                  <Spinner />
                </td>
              </tr>
            ) : users.data && users.data.users.length > 0 ? (
              users.data.users.map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar name={user.name} email={user.email} image={user.image} />
                      <div className="min-w-0">
                        <p className="truncate font-medium">{user.name || '—'}</p>
                        <p className="truncate text-xs text-slate-500">{user.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <Badge tone={isPlatformAdmin(user.role) ? 'indigo' : 'slate'}>{user.role}</Badge>
                  </td>
                  <td className="px-4 py-3">
                    {user.organizationName ? (
                      <span>
                        {user.organizationName}{' '}
                        <span className="text-xs text-slate-500">({user.organizationRole})</span>
                      </span>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {user.banned ? <Badge tone="red">Banned</Badge> : <Badge tone="green">Active</Badge>}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex gap-0.5">
                      <IconButton
                        label={`View details of ${user.email}`}
                        onClick={() => setDialog({ kind: 'details', user })}
                      >
                        <Eye className="size-4" aria-hidden />
                      </IconButton>
                      <IconButton label={`Edit ${user.email}`} onClick={() => setDialog({ kind: 'edit', user })}>
                        <Pencil className="size-4" aria-hidden />
                      </IconButton>
                      {user.banned ? (
                        <IconButton
                          label={`Unban ${user.email}`}
                          onClick={() => action.mutate(() => unbanUser(user.id))}
                        >
                          <ShieldCheck className="size-4" aria-hidden />
                        </IconButton>
                      ) : (
                        <IconButton label={`Ban ${user.email}`} onClick={() => setDialog({ kind: 'ban', user })}>
                          <Ban className="size-4" aria-hidden />
                        </IconButton>
                      )}
                      {/* Admins cannot be impersonated, nor can one act as oneself. */}
                      {!isPlatformAdmin(user.role) && user.id !== currentUserId && (
                        <IconButton label={`Impersonate ${user.email}`} onClick={() => impersonate.mutate(user.id)}>
                          <VenetianMask className="size-4" aria-hidden />
                        </IconButton>
                      )}
                      <IconButton
                        danger
                        label={`Delete ${user.email}`}
                        onClick={() => setDialog({ kind: 'delete', user })}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </IconButton>
                    </div>
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                  No users match.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <div className="flex items-center justify-between">
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => {
            const offset = Math.max(0, view.offset - view.limit);
            setView({ offset, cursor: (offset > 0 && cursors?.previousCursor) || '' });
          }}
        >
          Previous
        </Button>
        <span className="text-sm text-slate-600">
          Page {page} of {pages}
          {capped ? '+' : ''}
        </span>
        <Button
          variant="secondary"
          disabled={!hasNext}
          onClick={() => setView({ offset: view.offset + view.limit, cursor: cursors?.nextCursor ?? '' })}
        >
          Next
        </Button>
      </div>

      {dialog?.kind === 'create' && <CreateUserModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditUserModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'ban' && <BanUserModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'details' && <UserDetailsModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete user"
          message={DELETE_USER_CONFIRMATION}
          onConfirm={() => action.mutate(() => removeUser(dialog.user.id))}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
