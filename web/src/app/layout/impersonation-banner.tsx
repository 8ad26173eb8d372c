import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { authClient, type SessionData } from '@/lib/auth-client';
import { messageOf } from '@/lib/errors';

/** Shown on every screen while an admin acts as someone else. */
export function ImpersonationBanner({ session }: { session: SessionData }) {
  const [error, setError] = useState<string | null>(null);
  const impersonatedBy = session.session.impersonatedBy;
  if (!impersonatedBy) return null;
  const stop = async () => {
    const { error: failed } = await authClient.admin.stopImpersonating().catch(() => ({ error: {} }));
    if (failed) {
      setError(messageOf(failed, 'Failed to stop impersonating'));
      return;
    }
    window.location.reload();
  };
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <span className="flex-1">
          You are being impersonated as <strong>{session.user.name || session.user.email}</strong>
          <span className="ml-2 text-xs text-amber-800">(admin {impersonatedBy})</span>
        </span>
        {error && <span className="text-red-700">{error}</span>}
        <Button variant="secondary" size="sm" onClick={stop}>
          Stop Impersonating
        </Button>
      </div>
    </div>
  );
}
