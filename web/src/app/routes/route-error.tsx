import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';

/** Shown when a loader or a screen fails unexpectedly (for example the API is unreachable). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'An error occurred';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4">
      <PageTitle>Error</PageTitle>
      <div role="alert" className="rounded-md border border-danger-border bg-danger-surface px-4 py-3 text-danger">
        {message}
      </div>
      <button type="button" className="text-accent hover:underline" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
