import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * Asks before an irreversible action, in the spec's words. Cancel has the focus, so that Enter or
 * Escape right away changes nothing.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Delete',
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel?: string;
  /** The action; the dialog closes after it (and on Cancel) through `onClose`. */
  onConfirm: () => void;
  onClose: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  // After the dialog has opened (its own effect runs first), which focuses its first control.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Modal title={title} description={message} onClose={onClose} alert>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} ref={cancel}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
