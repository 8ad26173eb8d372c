import { ANONYMOUS_RETENTION_HOURS } from '#common/session-fields';
import { describeUserAgent } from '#common/user-agent';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import type { SessionData } from '@/lib/auth-client';
import { formatDateTime, truncate } from '@/lib/format';

export function SessionInformation({ session: { session, user } }: { session: SessionData }) {
  const coordinates = session.latitude && session.longitude ? `${session.latitude}, ${session.longitude}` : null;
  const rows: Array<[string, string | null | undefined]> = [
    ['User ID', user.id],
    ['Session ID', session.id],
    ['Created', formatDateTime(session.createdAt)],
    ['Updated', formatDateTime(session.updatedAt)],
    ['Session Expiry', formatDateTime(session.expiresAt)],
    ['IP Address', session.ipAddress],
    ['Country', session.country],
    ['City', session.city],
    ['Region', session.region],
    ['Region Code', session.region_code],
    ['Timezone', session.timezone],
    ['Datacenter', session.colo],
    ['Coordinates', coordinates],
    ['Browser', describeUserAgent(session.userAgent)],
    ['User Agent', truncate(session.userAgent, 100)],
  ];
  return (
    <Card title="Session Information">
      {user.isAnonymous && (
        <div className="mb-4">
          <Notice tone="warning">
            You are using a guest account. Its data may be deleted after {ANONYMOUS_RETENTION_HOURS} hours.
          </Notice>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
            <dd
              className="truncate text-sm text-foreground"
              title={value ?? undefined}
              data-testid={`session-${label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {value || '—'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">
        Location from your network provider or{' '}
        <a href="https://db-ip.com" className="underline hover:text-foreground" target="_blank" rel="noreferrer">
          IP Geolocation by DB-IP
        </a>
        .
      </p>
    </Card>
  );
}
