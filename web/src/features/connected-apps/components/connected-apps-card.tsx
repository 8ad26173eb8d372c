import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { QueryList } from '@/components/ui/item-list';
import { formatDateTime } from '@/lib/format';
import { useMyApplications } from '../api/get-my-applications';
import { useRevokeApplication } from '../api/revoke-application';

/**
 * The applications the person allowed to reach their account through Gatehouse, what each may see,
 * and Revoke: the application's tokens end at once, and it asks again next time (decision 0079).
 */
export function ConnectedAppsCard() {
  const applications = useMyApplications();
  const revoke = useRevokeApplication();
  return (
    <Card title="Connected apps" description="Applications you allowed to sign you in and see your account.">
      <QueryList query={applications} empty="No connected apps." label="Connected apps">
        {(application) => (
          <li key={application.clientId} className="flex flex-wrap items-start gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium break-words">{application.name}</p>
              <ul
                className="list-inside list-disc text-secondary-foreground"
                aria-label={`What ${application.name} may do`}
              >
                {application.scopes.map(({ scope, description }) => (
                  <li key={scope}>{description}</li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">
                Allowed {formatDateTime(application.allowedAt)} · last used{' '}
                {application.lastUsedAt ? formatDateTime(application.lastUsedAt) : 'never'}
              </p>
            </div>
            <ConfirmButton
              variant="secondary"
              size="sm"
              aria-label={`Revoke ${application.name}`}
              disabled={revoke.isPending}
              title="Revoke access"
              question={`Are you sure you want to revoke ${application.name}'s access? It is signed out at once and must ask you again.`}
              confirmLabel="Revoke"
              onConfirm={() => revoke.mutate(application.clientId)}
            >
              Revoke
            </ConfirmButton>
          </li>
        )}
      </QueryList>
    </Card>
  );
}
