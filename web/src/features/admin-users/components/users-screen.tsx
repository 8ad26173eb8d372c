import { useMutation, useQuery } from '@tanstack/react-query';
import { Ban, Eye, Pencil, RefreshCw, ShieldCheck, Trash2, UserPlus, VenetianMask } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isPlatformAdmin } from '#common/roles';
import { PAGE_SIZES, type AdminUserListQuery, type AdminUserRow } from '#common/admin';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Pagination } from '@/components/ui/pagination';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { adminUsersQuery, impersonateUser, removeUser, unbanUser, useRefreshUsers } from '../api/admin-users';
import { useUserListView } from '../hooks/use-user-list-view';
import { BanUserModal } from './ban-user-modal';
import { SortableHeader } from './sortable-header';
import { CreateUserModal } from './create-user-modal';
import { EditUserModal } from './edit-user-modal';
import { UserDetailsModal } from './user-details-modal';

export const DELETE_USER_CONFIRMATION =
  'Are you sure you want to permanently delete this user? This action cannot be undone.';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'ban' | 'details' | 'delete'; user: AdminUserRow } | null;

export function UsersScreen() {
  const [view, setView] = useUserListView();
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

      <Pagination
        page={page}
        pages={pages}
        capped={capped}
        hasNext={hasNext}
        onPrevious={() => {
          const offset = Math.max(0, view.offset - view.limit);
          setView({ offset, cursor: (offset > 0 && cursors?.previousCursor) || '' });
        }}
        onNext={() => setView({ offset: view.offset + view.limit, cursor: cursors?.nextCursor ?? '' })}
      />

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
