/** Errors appear in a red box, announced to screen readers. */
export function ErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-danger-border bg-danger-surface px-3 py-2 text-sm text-danger"
    >
      {message}
    </div>
  );
}
