import { Ban, Eye, Pencil, ShieldCheck, Trash2, VenetianMask } from 'lucide-react';
import type { AdminUserRow } from '#common/admin';
import { isPlatformAdmin } from '#common/roles';
import { IconButton } from '@/components/ui/icon-button';
import { useSession } from '@/lib/session';
import { useUnbanUser } from '../api/unban-user';
import { ResetTwoFactorButton } from './reset-two-factor-button';

/** The dialogs a row's actions open (the others act at once). */
export type UserDialogKind = 'details' | 'edit' | 'ban' | 'impersonate' | 'delete';

/** A row's actions: view details, edit, ban or unban, impersonate, delete. */
export function UserActions({ user, onOpen }: { user: AdminUserRow; onOpen: (kind: UserDialogKind) => void }) {
  const currentUserId = useSession().data?.user.id;
  const unban = useUnbanUser();
  return (
    <div className="flex gap-0.5">
      <IconButton label={`View details of ${user.email}`} onClick={() => onOpen('details')}>
        <Eye className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={`Edit ${user.email}`} onClick={() => onOpen('edit')}>
        <Pencil className="size-4" aria-hidden />
      </IconButton>
      {user.banned ? (
        <IconButton label={`Unban ${user.email}`} onClick={() => unban.mutate(user.id)}>
          <ShieldCheck className="size-4" aria-hidden />
        </IconButton>
      ) : (
        <IconButton label={`Ban ${user.email}`} onClick={() => onOpen('ban')}>
          <Ban className="size-4" aria-hidden />
        </IconButton>
      )}
      {/* Admins cannot be impersonated, nor can one act as oneself. */}
      {!isPlatformAdmin(user.role) && user.id !== currentUserId && (
        <IconButton label={`Impersonate ${user.email}`} onClick={() => onOpen('impersonate')}>
          <VenetianMask className="size-4" aria-hidden />
        </IconButton>
      )}
      {/* One's own second factor is turned off on the profile, with the password. */}
      {user.twoFactorEnabled && user.id !== currentUserId && <ResetTwoFactorButton user={user} />}
      <IconButton danger label={`Delete ${user.email}`} onClick={() => onOpen('delete')}>
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </div>
  );
}
