import { useState } from 'react';
import { roleChecks } from '#common/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { SessionData } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { truncate } from '@/lib/format';

const AUTH_COOKIES = ['better-auth.session_token', 'better-auth.session_data', 'better-auth.admin_session'];

function readableCookies(): Map<string, string> {
  return new Map(
    document.cookie
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const index = part.indexOf('=');
        return [decodeURIComponent(part.slice(0, index)), decodeURIComponent(part.slice(index + 1))] as [
          string,
          string,
        ];
      }),
  );
}

function Tile({ label, value, good }: { label: string; value: string; good: boolean }) {
  return (
    <div
      className={cn(
        'rounded-lg border p-3',
        good ? 'border-success-border bg-success-surface' : 'border-border bg-muted/50',
      )}
    >
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <p className={cn('mt-1 text-sm font-semibold', good ? 'text-success' : 'text-secondary-foreground')}>{value}</p>
    </div>
  );
}

function IdRow({ label, value, shown }: { label: string; value: string; shown: string }) {
  return (
    <div className="flex items-center justify-between gap-2 py-1.5">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="flex items-center gap-1 font-mono text-xs">
        {shown}
        <CopyButton value={value} label={`Copy ${label}`} />
      </span>
    </div>
  );
}

export function SessionDebug({ session: data }: { session: SessionData }) {
  const [showDetails, setShowDetails] = useState(false);
  const { session, user } = data;
  const cookies = readableCookies();
  const checks = roleChecks(user.role);
  const json = JSON.stringify(data, null, 2);

  return (
    <Card
      title="Session Debug"
      actions={
        <Button variant="secondary" onClick={() => setShowDetails((shown) => !shown)} aria-expanded={showDetails}>
          {showDetails ? 'Hide Details' : 'Show Details'}
        </Button>
      }
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile label="Authenticated" value="Yes" good />
        <Tile label="Email verified" value={user.emailVerified ? 'Yes' : 'No'} good={user.emailVerified} />
        <Tile label="Account" value={user.isAnonymous ? 'Anonymous' : 'Registered'} good={!user.isAnonymous} />
        <Tile label="Impersonated" value={session.impersonatedBy ? 'Yes' : 'No'} good={!session.impersonatedBy} />
      </div>

      <h3 className="mt-6 mb-2 text-sm font-semibold">Cookies</h3>
      <ul className="space-y-1 text-sm">
        {AUTH_COOKIES.map((name) => (
          <li key={name} className="flex flex-wrap justify-between gap-2">
            <span className="font-mono text-xs">{name}</span>
            <span className="font-mono text-xs text-muted-foreground">
              {cookies.has(name) ? truncate(cookies.get(name), 30) : 'HttpOnly or not set (not readable by scripts)'}
            </span>
          </li>
        ))}
      </ul>

      {showDetails && (
        <div className="mt-6 space-y-6">
          <div>
            <div className="mb-2 flex items-center justify-between">
              <h3 className="text-sm font-semibold">Session object</h3>
              <CopyButton value={json} label="Copy JSON" className="border border-border" />
            </div>
            {/* Focusable, so keyboard users can scroll it. */}
            <pre
              data-testid="session-json"
              tabIndex={0}
              aria-label="Session object as JSON"
              className="max-h-96 overflow-auto rounded-lg bg-code p-4 text-xs text-code-foreground"
            >
              {json}
            </pre>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold">Role checks</h3>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {Object.entries(checks).map(([check, passes]) => (
                <li
                  key={check}
                  className="flex items-center justify-between rounded border border-border px-3 py-1.5 text-sm"
                >
                  <span className="font-mono text-xs">{check}</span>
                  <span className={passes ? 'text-success' : 'text-muted-foreground'}>{passes ? 'true' : 'false'}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="divide-y divide-separator">
            <h3 className="mb-1 text-sm font-semibold">Token and ids</h3>
            <IdRow label="session token" value={session.token} shown={truncate(session.token, 16)} />
            <IdRow label="session id" value={session.id} shown={truncate(session.id, 16)} />
            <IdRow label="user id" value={user.id} shown={user.id} />
          </div>
        </div>
      )}
    </Card>
  );
}
