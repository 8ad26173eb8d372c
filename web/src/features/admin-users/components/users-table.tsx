import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminUserList, AdminUserListQuery, AdminUserRow } from '#common/admin';
import { isPlatformAdmin } from '#common/roles';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { formatDate, shortName } from '@/lib/format';
import { useSession } from '@/lib/session';
import type { UserSelection } from '../hooks/use-user-selection';
import { selectColumn } from './select-column';
import { UserActions, type UserDialogKind } from './user-actions';

type SetView = (change: Partial<AdminUserListQuery>) => void;

/** A column sorted by the server: a first click sorts (newest first for dates), a second reverses. */
function sortBy(field: AdminUserListQuery['sortBy'], view: AdminUserListQuery, setView: SetView) {
  const active = view.sortBy === field;
  const first = field === 'createdAt' ? 'desc' : 'asc';
  const next = active ? (view.sortDirection === 'desc' ? 'asc' : 'desc') : first;
  return {
    direction: active ? view.sortDirection : null,
    onSort: () => setView({ sortBy: field, sortDirection: next, offset: 0 }),
  };
}

function UserCell({ user }: { user: AdminUserRow }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar name={user.name} email={user.email} image={user.image} />
      <div className="min-w-0">
        <p className="truncate font-medium">{user.name || '—'}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>
    </div>
  );
}

function UsersPagination({
  users,
  view,
  setView,
}: {
  users: UseQueryResult<AdminUserList>;
  view: AdminUserListQuery;
  setView: SetView;
}) {
  const total = users.data?.total ?? 0;
  // A search is counted up to a cap: "Page 1 of 50+", with Next while rows follow.
  const capped = users.data?.totalCapped ?? false;
  const page = Math.floor(view.offset / view.limit) + 1;
  const pages = Math.max(1, Math.ceil(total / view.limit), capped ? page : 1);
  // Previous and Next walk on from this page's first or last row rather than skip rows again: they
  // wait while the page is on its way (in a search past its count, an offset alone is refused).
  const cursors = users.isPlaceholderData ? undefined : users.data;
  const hasNext = cursors !== undefined && cursors.nextCursor !== null;
  return (
    <Pagination
      page={page}
      pages={pages}
      capped={capped}
      hasPrevious={page > 1 && cursors !== undefined}
      hasNext={hasNext}
      onPrevious={() => {
        // A page left empty (its rows deleted meanwhile) has no way back but the first page.
        const previous = cursors?.previousCursor;
        const offset = previous ? Math.max(0, view.offset - view.limit) : 0;
        setView({ offset, cursor: offset > 0 && previous ? previous : '' });
      }}
      onNext={() => setView({ offset: view.offset + view.limit, cursor: cursors?.nextCursor ?? '' })}
    />
  );
}

/** The user list: sortable by name and date, paged, with each row's actions and a checkbox for bulk actions. */
export function UsersTable({
  users,
  view,
  setView,
  onOpen,
  selection,
}: {
  users: UseQueryResult<AdminUserList>;
  view: AdminUserListQuery;
  setView: SetView;
  onOpen: (kind: UserDialogKind, user: AdminUserRow) => void;
  selection: UserSelection;
}) {
  const currentUserId = useSession().data?.user.id;
  const columns: Column<AdminUserRow>[] = [
    selectColumn(users.data?.users ?? [], selection, currentUserId),
    { header: 'User', cell: (user) => <UserCell user={user} />, sort: sortBy('name', view, setView) },
    {
      header: 'Role',
      cell: (user) => <Badge tone={isPlatformAdmin(user.role) ? 'indigo' : 'slate'}>{user.role}</Badge>,
    },
    {
      header: 'Organization',
      cell: (user) =>
        user.organizationName ? (
          <span>
            {shortName(user.organizationName)}{' '}
            <span className="text-xs text-muted-foreground">({user.organizationRole})</span>
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      header: 'Status',
      cell: (user) => (
        <div className="flex flex-wrap gap-1">
          {user.banned ? <Badge tone="red">Banned</Badge> : <Badge tone="green">Active</Badge>}
          {user.twoFactorEnabled && <Badge tone="indigo">Two-factor</Badge>}
        </div>
      ),
    },
    {
      header: 'Created',
      cell: (user) => formatDate(user.createdAt),
      className: 'whitespace-nowrap',
      sort: sortBy('createdAt', view, setView),
    },
    { header: 'Actions', cell: (user) => <UserActions user={user} onOpen={(kind) => onOpen(kind, user)} /> },
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users.data?.users}
      rowKey={(user) => user.id}
      isPending={users.isPending}
      error={users.error?.message}
      empty="No users match."
      rowTestId="user-row"
      footer={<UsersPagination users={users} view={view} setView={setView} />}
    />
  );
}
