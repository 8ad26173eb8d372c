import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element: focus stays inside, Escape closes it, and the
 * page behind is inert.
 */
export function Modal({
  title,
  onClose,
  children,
  wide,
  alert,
  description,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** An `alertdialog`: it asks before something irreversible. */
  alert?: boolean;
  /** Read out with the title when the dialog opens. */
  description?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // A layout effect, so that the dialog closes while it is still in the page: the browser then gives
  // the focus back to the control that opened it (once removed, it leaves the focus nowhere).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl border border-border bg-surface p-0 shadow-xl backdrop:bg-overlay`}
    >
      <div className="flex items-center justify-between border-b border-separator px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="rounded p-1 text-muted-foreground hover:bg-muted"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div className="px-6 py-5">
        {description && (
          <p id={descriptionId} className="text-sm text-secondary-foreground">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
