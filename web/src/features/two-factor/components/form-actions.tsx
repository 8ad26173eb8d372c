import { Button } from '@/components/ui/button';

/** A step's submit button (disabled while its call is under way) and its Cancel. */
export function FormActions({
  submitLabel,
  pending,
  danger = false,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
        {submitLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
