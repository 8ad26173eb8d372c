import { Trash2 } from 'lucide-react';
import { ConfirmButton } from './confirm-button';

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
  return (
    <ConfirmButton
      variant="danger-ghost"
      size="sm"
      aria-label={label}
      disabled={disabled}
      title={title}
      question={question}
      onConfirm={onConfirm}
    >
      <Trash2 className="size-4" aria-hidden />
    </ConfirmButton>
  );
}
