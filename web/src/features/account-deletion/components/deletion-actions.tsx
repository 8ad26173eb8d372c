import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The answers of both deletion dialogs: Cancel, and "Delete my account" (a submit button unless
 * `onConfirm` is given), disabled with a spinner while the call is under way.
 */
export function DeletionActions({
  pending,
  onCancel,
  onConfirm,
  cancelRef,
}: {
  pending: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} ref={cancelRef}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant="danger" disabled={pending} onClick={onConfirm}>
        {pending && <Spinner size="sm" inverse label="Deleting" />}
        Delete my account
      </Button>
    </div>
  );
}
