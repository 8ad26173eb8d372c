import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';

/** Shown when a loader or a screen fails unexpectedly (for example the API is unreachable). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'An error occurred';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4">
      <PageTitle>Error</PageTitle>
      <div
        role="alert"
        className="rounded-md border border-red-200 dark:border-red-900 bg-red-50 dark:bg-red-950 px-4 py-3 text-red-700 dark:text-red-300"
      >
        {message}
      </div>
      <button
        type="button"
        className="text-indigo-600 dark:text-indigo-300 hover:underline"
        onClick={() => window.location.reload()}
      >
        Try again
      </button>
    </main>
  );
}
