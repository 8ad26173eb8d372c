import { QueryClientProvider } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigation } from 'react-router';
import { isPlatformAdmin } from '#common/roles';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { queryClient } from '@/lib/query-client';
import { useSession, useSignOut } from '@/lib/session';
import { ImpersonationBanner } from './impersonation-banner';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100',
  );

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
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <span className="text-lg font-semibold tracking-tight text-indigo-700">Gatehouse</span>
          <nav aria-label="Main" className="flex gap-1">
            <NavLink to={paths.profile} className={navClass}>
              Profile
            </NavLink>
            <NavLink to={paths.organizations} className={navClass}>
              Organizations
            </NavLink>
            {isPlatformAdmin(user.role) && (
              <NavLink to={paths.admin} className={navClass}>
                Admin
              </NavLink>
            )}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            {navigation.state === 'loading' && <Spinner size="sm" />}
            <Avatar name={user.name} email={user.email} image={user.image} />
            <span className="max-w-48 truncate text-sm text-slate-700" data-testid="shell-user">
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
