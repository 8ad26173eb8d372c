import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { useStopImpersonating } from '@/features/admin-users/api/stop-impersonating';
import type { SessionData } from '@/lib/auth-client';
import { RequestError } from '@/lib/errors';
import { formatCountdown, useCountdown } from '@/lib/countdown';

/**
 * The console stops the impersonation this long before the server ends it, so that the stop still
 * finds it (a clock a little off or a slow answer included) and the admin gets their own session back.
 */
const STOP_LEAD_MS = 5_000;

/** Shown on every screen while an admin acts as someone else, with the time left. */
export function ImpersonationBanner({ session }: { session: SessionData }) {
  const stop = useStopImpersonating();
  const impersonatedBy = session.session.impersonatedBy;
  // Stopped when the time is up as the button stops it; should that fail, the page shows what the
  // server says now (the admin's sign-in screen if the impersonation had already ended).
  const stopWhenOver = useCallback(() => stop.mutate(undefined, { onError: () => window.location.reload() }), [stop]);
  if (!impersonatedBy) return null;
  return (
    <div role="status" data-testid="impersonation-banner" className="bg-warning-surface px-4 py-2 text-sm text-warning">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <span className="flex-1">
          You are being impersonated as <strong>{session.user.name || session.user.email}</strong>
          <span className="ml-2 text-xs text-warning">(admin {impersonatedBy})</span>
        </span>
        <TimeLeft endsAt={new Date(session.session.expiresAt).getTime() - STOP_LEAD_MS} onEnd={stopWhenOver} />
        {stop.error && <span className="text-danger">{stop.error.message}</span>}
        {/* The admin's own session ended meanwhile: the server ended the impersonation too. */}
        {stop.error instanceof RequestError && stop.error.code === 'ADMIN_SESSION_ENDED' ? (
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            Sign in again
          </Button>
        ) : (
          <Button variant="secondary" size="sm" disabled={stop.isPending} onClick={() => stop.mutate()}>
            Stop Impersonating
          </Button>
        )}
      </div>
    </div>
  );
}

/** "Ends in 59:12", kept out of the banner's announcements (it changes every second). */
function TimeLeft({ endsAt, onEnd }: { endsAt: number; onEnd: () => void }) {
  const left = useCountdown(endsAt, onEnd);
  return (
    <span aria-live="off" className="font-medium tabular-nums" data-testid="impersonation-time-left">
      Ends in {formatCountdown(left)}
    </span>
  );
}
