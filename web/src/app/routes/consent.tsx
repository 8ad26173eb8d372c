import { QueryClientProvider } from '@tanstack/react-query';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { paths } from '@/config/paths';
import { ConsentScreen, consentRequestOf } from '@/features/consent/components/consent-screen';
import { queryClient } from '@/lib/query-client';
import { loadSession } from '@/lib/session-store';

/** Signed in only: anyone else signs in first, the application's request kept in the query. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  const session = await loadSession();
  if (!session) throw redirect(`${paths.auth}${search}`);
  return { session, request: consentRequestOf(search, Date.now()) };
}

/** The consent screen (decision 0079), beside the sign-in screen and in its look: no signed-in shell. */
export function Component() {
  const { session, request } = useLoaderData<typeof loader>();
  return (
    <QueryClientProvider client={queryClient}>
      <main className="relative flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-8">
        <PageTitle>Allow access</PageTitle>
        <div className="absolute top-4 right-4">
          <ThemeToggle />
        </div>
        <p className="text-xl font-semibold tracking-tight text-accent">Gatehouse</p>
        <div className="w-full max-w-md rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <ConsentScreen session={session} request={request} />
        </div>
      </main>
    </QueryClientProvider>
  );
}
