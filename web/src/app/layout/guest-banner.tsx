import { useNavigate } from 'react-router';
import { ANONYMOUS_RETENTION_HOURS } from '#common/session-fields';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { SessionData } from '@/lib/auth-client';

/**
 * Shown on every screen while the session is a guest's: the account is temporary, and signing up
 * or signing in keeps what was made in it (the server moves it, decision 0038).
 */
export function GuestBanner({ session }: { session: SessionData }) {
  const navigate = useNavigate();
  if (!session.user.isAnonymous) return null;
  return (
    <section aria-label="Guest account" className="bg-info-surface px-4 py-2 text-sm text-info">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <p className="flex-1">
          You are using a temporary guest account. Anonymous data may be deleted after {ANONYMOUS_RETENTION_HOURS}{' '}
          hours: create an account or sign in to keep your work.
        </p>
        <Button size="sm" onClick={() => void navigate(paths.signUp)}>
          Create account
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void navigate(paths.auth)}>
          Sign in
        </Button>
      </div>
    </section>
  );
}
