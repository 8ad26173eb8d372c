import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigation } from 'react-router';
import { isPlatformAdmin } from '#common/roles';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { NavLinks } from '@/components/ui/nav-links';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { useSession, useSignOut } from '@/lib/session';
import { GuestBanner } from './guest-banner';
import { ImpersonationBanner } from './impersonation-banner';

/** Only signed-in screens use the query cache, so its provider comes with them (not with /auth). */
export function AppShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
      <Toaster />
    </QueryClientProvider>
  );
}

function Shell() {
  const { data: session } = useSession();
  const signOut = useSignOut();
  const navigation = useNavigation();
  if (!session) return null;
  const { user } = session;

  return (
    <div className="min-h-screen">
      <ImpersonationBanner session={session} />
      <GuestBanner session={session} />
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <span className="text-lg font-semibold tracking-tight text-accent">Gatehouse</span>
          <NavLinks
            label="Main"
            look="pill"
            links={[
              { to: paths.profile, label: 'Profile' },
              { to: paths.organizations, label: 'Organizations' },
              ...(isPlatformAdmin(user.role) ? [{ to: paths.admin, label: 'Admin' }] : []),
            ]}
          />
          <div className="ml-auto flex items-center gap-3">
            {navigation.state === 'loading' && <Spinner size="sm" />}
            <ThemeToggle />
            <Avatar name={user.name} email={user.email} image={user.image} />
            <span className="max-w-48 truncate text-sm text-secondary-foreground" data-testid="shell-user">
              {user.name || user.email}
            </span>
            <Button variant="secondary" onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
