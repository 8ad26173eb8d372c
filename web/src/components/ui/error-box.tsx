/** Errors appear in a red box, announced to screen readers. */
export function ErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 dark:border-red-900 bg-red-50 dark:bg-red-950 px-3 py-2 text-sm text-red-700 dark:text-red-300"
    >
      {message}
    </div>
  );
}
