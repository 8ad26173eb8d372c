import { useState } from 'react';
import { Button, type ButtonProps } from './button';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A button that asks first, in the spec's words: `onConfirm` runs only on the dialog's
 * `confirmLabel` answer. The rest of the props go to the button (variant, size, label, disabled).
 */
export function ConfirmButton({
  title,
  question,
  confirmLabel,
  onConfirm,
  ...button
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  /** The dialog's title. */
  title: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setAsking(true)} />
      {asking && (
        <ConfirmDialog
          title={title}
          message={question}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
