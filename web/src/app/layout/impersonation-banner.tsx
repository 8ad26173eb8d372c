import { Button } from '@/components/ui/button';
import { useStopImpersonating } from '@/features/admin-users/api/stop-impersonating';
import type { SessionData } from '@/lib/auth-client';

/** Shown on every screen while an admin acts as someone else. */
export function ImpersonationBanner({ session }: { session: SessionData }) {
  const stop = useStopImpersonating();
  const impersonatedBy = session.session.impersonatedBy;
  if (!impersonatedBy) return null;
  return (
    <div role="status" className="bg-amber-100 dark:bg-amber-900 px-4 py-2 text-sm text-amber-950 dark:text-amber-100">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <span className="flex-1">
          You are being impersonated as <strong>{session.user.name || session.user.email}</strong>
          <span className="ml-2 text-xs text-amber-800 dark:text-amber-200">(admin {impersonatedBy})</span>
        </span>
        {stop.error && <span className="text-red-700 dark:text-red-300">{stop.error.message}</span>}
        <Button variant="secondary" size="sm" disabled={stop.isPending} onClick={() => stop.mutate()}>
          Stop Impersonating
        </Button>
      </div>
    </div>
  );
}
