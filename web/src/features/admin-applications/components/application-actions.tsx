import { KeyRound, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { AdminApplication } from '#common/applications';
import { IconButton } from '@/components/ui/icon-button';

/** The dialogs a row's actions open (Disable / Enable acts at once). */
export type ApplicationDialogKind = 'edit' | 'rotate' | 'delete';

export function ApplicationActions({
  application,
  onOpen,
  onToggle,
}: {
  application: AdminApplication;
  onOpen: (kind: ApplicationDialogKind) => void;
  onToggle: () => void;
}) {
  const { name } = application;
  return (
    <div className="flex gap-0.5">
      <IconButton label={`Edit ${name}`} onClick={() => onOpen('edit')}>
        <Pencil className="size-4" aria-hidden />
      </IconButton>
      {/* Public applications have no secret to replace. */}
      {application.type === 'web' && (
        <IconButton label={`Rotate secret of ${name}`} onClick={() => onOpen('rotate')}>
          <KeyRound className="size-4" aria-hidden />
        </IconButton>
      )}
      <IconButton label={`${application.disabled ? 'Enable' : 'Disable'} ${name}`} onClick={onToggle}>
        {application.disabled ? <Power className="size-4" aria-hidden /> : <PowerOff className="size-4" aria-hidden />}
      </IconButton>
      <IconButton label={`Delete ${name}`} onClick={() => onOpen('delete')} danger>
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </div>
  );
}
