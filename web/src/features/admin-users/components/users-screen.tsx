import { Download, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserRow } from '#common/admin';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRemoveUser } from '../api/remove-user';
import { usersExportUrl } from '../api/export-users';
import { useUsers } from '../api/get-users';
import { useUserListView } from '../hooks/use-user-list-view';
import { useUserSelection } from '../hooks/use-user-selection';
import { BanUserModal } from './ban-user-modal';
import { CreateUserModal } from './create-user-modal';
import { EditUserModal } from './edit-user-modal';
import { ImpersonateUserModal } from './impersonate-user-modal';
import type { UserDialogKind } from './user-actions';
import { UserDetailsModal } from './user-details-modal';
import { UsersBulkActions } from './users-bulk-actions';
import { UsersTable } from './users-table';
import { UsersToolbar } from './users-toolbar';

const DELETE_USER_CONFIRMATION = 'Are you sure you want to permanently delete this user? This action cannot be undone.';

type Dialog = { kind: 'create' } | { kind: UserDialogKind; user: AdminUserRow } | null;

export function UsersScreen() {
  const [view, setView] = useUserListView();
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useUsers(view);
  const selection = useUserSelection(JSON.stringify(view));
  // Here rather than in the dialog: the deletion runs on after the confirmation has closed.
  const remove = useRemoveUser();
  const close = () => setDialog(null);
  const total = users.data ? `${users.data.total}${users.data.totalCapped ? '+' : ''}` : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{total ? `Users (${total})` : 'Users'}</h2>
        <div className="flex flex-wrap gap-2">
          {/* Every user of the view (search, filters, order), not only this page. */}
          <ButtonLink href={usersExportUrl(view)} download>
            <Download className="size-4" aria-hidden /> Export CSV
          </ButtonLink>
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <UserPlus className="size-4" aria-hidden /> Create User
          </Button>
        </div>
      </div>
      <UsersToolbar
        view={view}
        setView={setView}
        onRefresh={() => void users.refetch()}
        refreshing={users.isFetching}
      />
      <UsersBulkActions selection={selection} />
      <UsersTable
        users={users}
        view={view}
        setView={setView}
        onOpen={(kind, user) => setDialog({ kind, user })}
        selection={selection}
      />

      {dialog?.kind === 'create' && <CreateUserModal onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'ban' && <BanUserModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'impersonate' && <ImpersonateUserModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'details' && <UserDetailsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete user"
          message={DELETE_USER_CONFIRMATION}
          onConfirm={() => remove.mutate(dialog.user.id)}
          onClose={close}
        />
      )}
    </div>
  );
}
