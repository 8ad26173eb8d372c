import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A row's trash button: it asks first, in the spec's words, and `onConfirm` runs only on Delete.
 * `label` names what goes ("Delete API key Deploy"), for screen readers and tests.
 */
export function ConfirmDeleteButton({
  label,
  title,
  question,
  onConfirm,
  disabled,
}: {
  label: string;
  title: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="danger-ghost" size="sm" aria-label={label} disabled={disabled} onClick={() => setAsking(true)}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
      {asking && (
        <ConfirmDialog title={title} message={question} onConfirm={onConfirm} onClose={() => setAsking(false)} />
      )}
    </>
  );
}
