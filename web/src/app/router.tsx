import { createBrowserRouter, redirect } from 'react-router';
import { isPlatformAdmin } from '#common/roles';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { loadSession, requireAdmin, requireSession } from '@/lib/session-store';
import { AuthRoute, authLoader } from './routes/auth';
import { RouteError } from './routes/route-error';

/**
 * Routes and their redirect rules (spec §2). Everything beyond the sign-in screen (the signed-in
 * shell, TanStack Query, the Better Auth client) loads on demand: /auth must stay light.
 */
export const router = createBrowserRouter([
  {
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.home,
        loader: async () => redirect((await loadSession()) ? paths.profile : paths.auth),
      },
      { path: paths.auth, loader: authLoader, Component: AuthRoute },
      // Signed in or not: a person who forgot their password may still hold a session somewhere.
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password') },
      { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
      { path: paths.setup, lazy: () => import('./routes/setup') },
      // An application's consent screen: signed in (its loader sends anyone else to /auth), outside the shell.
      { path: paths.consent, lazy: () => import('./routes/consent') },
      { path: paths.dashboard, loader: () => redirect(paths.profile) },
      {
        loader: requireSession,
        lazy: async () => ({ Component: (await import('./layout/app-shell')).AppShell }),
        children: [
          { path: paths.profile, lazy: () => import('./routes/profile') },
          { path: paths.organizations, lazy: () => import('./routes/organizations') },
          { path: '/organizations/:organizationId', lazy: () => import('./routes/organization') },
          { path: '/teams/:teamId', lazy: () => import('./routes/team') },
          {
            path: paths.admin,
            loader: requireAdmin,
            lazy: () => import('./routes/admin/layout'),
            children: [
              {
                index: true,
                loader: async () => {
                  const session = await loadSession();
                  return redirect(isPlatformAdmin(session?.user.role) ? paths.adminUsers : paths.profile);
                },
              },
              { path: 'overview', lazy: () => import('./routes/admin/overview') },
              { path: 'users', lazy: () => import('./routes/admin/users') },
              { path: 'organizations', lazy: () => import('./routes/admin/organizations') },
              { path: 'organizations/:organizationId', lazy: () => import('./routes/admin/organization') },
              { path: 'applications', lazy: () => import('./routes/admin/applications') },
              { path: 'outbox', lazy: () => import('./routes/admin/outbox') },
              { path: 'audit', lazy: () => import('./routes/admin/audit') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
