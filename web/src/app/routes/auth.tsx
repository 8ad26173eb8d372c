import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { AuthForm } from '@/features/auth/components/auth-form';
import { loadSession } from '@/lib/session-store';

export async function authLoader() {
  if (await loadSession()) throw redirect(paths.profile);
  return null;
}

export function AuthRoute() {
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center gap-6 px-4">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <p className="text-xl font-semibold tracking-tight text-indigo-700 dark:text-indigo-300">Gatehouse</p>
      <AuthForm />
    </main>
  );
}
