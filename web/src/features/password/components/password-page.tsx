import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';

/**
 * A page of its own beside the sign-in screen, in its look: forgot and reset password, the first
 * run's setup. Outside the signed-in shell, so it brings the query cache's provider itself.
 */
export function PasswordPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4">
        <PageTitle>{title}</PageTitle>
        <p className="text-xl font-semibold tracking-tight text-accent">Gatehouse</p>
        <div className="w-full max-w-md space-y-4 rounded-xl border border-border bg-surface p-8 shadow-sm">
          <h1 className="text-center text-2xl font-semibold tracking-tight">{title}</h1>
          {children}
        </div>
        <Link to={paths.auth} className="text-sm font-medium text-accent hover:underline">
          Back to sign in
        </Link>
      </main>
    </QueryClientProvider>
  );
}
