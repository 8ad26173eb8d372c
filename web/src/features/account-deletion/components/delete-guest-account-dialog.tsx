import { useEffect, useRef } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { useDeleteGuestAccount } from '../api/delete-guest-account';
import { DeletionActions } from './deletion-actions';

/**
 * A guest's deletion asks for nothing but a yes: Cancel has the focus, so that Enter or Escape
 * right away changes nothing. A refusal shows here and the dialog stays open.
 */
export function DeleteGuestAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteGuestAccount();
  const cancel = useRef<HTMLButtonElement>(null);
  // After the dialog has opened (its own effect runs first and focuses its first control).
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Modal
      title="Delete your guest account?"
      description="This guest account and everything in it will be deleted, and you will be signed out. A guest account has no password: once deleted, nobody can get it back."
      onClose={onClose}
      alert
    >
      <div className="mt-4 space-y-4">
        <ErrorBox message={remove.error?.message} />
        <DeletionActions
          pending={remove.isPending}
          onCancel={onClose}
          onConfirm={() => remove.mutate()}
          cancelRef={cancel}
        />
      </div>
    </Modal>
  );
}
