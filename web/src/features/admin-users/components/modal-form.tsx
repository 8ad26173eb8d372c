import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';

/**
 * A form in a modal (Create, Edit, Ban): the server's error on top, the fields, then Cancel and the
 * submit button, disabled while the call runs. The browser's own checks are off: the schema's speak.
 */
export function ModalForm({
  title,
  onClose,
  onSubmit,
  error,
  submitLabel,
  pending,
  danger,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | undefined;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error} />
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
