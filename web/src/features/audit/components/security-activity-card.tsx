import type { AuditEventView } from '#common/audit';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ItemList } from '@/components/ui/item-list';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime } from '@/lib/format';
import { useMyAuditEvents } from '../api/get-my-audit-events';
import { actionLabel, deviceOf, OutcomeBadge } from './audit-labels';

/** Who acted, when it was not the person: an admin (directly or impersonating), else another member. */
function actedBy(event: AuditEventView, userId: string): string | null {
  if (!event.actorId || event.actorId === userId) return null;
  return event.action.startsWith('admin.') || 'impersonating' in event.details ? 'by an admin' : 'by someone else';
}

function ActivityItem({ event, userId }: { event: AuditEventView; userId: string }) {
  const by = actedBy(event, userId);
  const facts = [formatDateTime(event.createdAt), deviceOf(event), event.ipAddress].filter(Boolean);
  return (
    <li className="px-4 py-3" data-testid="security-activity-item">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        {actionLabel(event)}
        <OutcomeBadge outcome={event.outcome} />
        {by && <span className="text-xs font-normal text-muted-foreground">{by}</span>}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{facts.join(' · ')}</p>
    </li>
  );
}

/** What happened on the person's account, newest first: sign-ins (failed ones too), changes, an admin's actions. */
export function SecurityActivityCard({ userId }: { userId: string }) {
  const activity = useMyAuditEvents();
  const events = activity.data?.pages.flatMap((page) => page.data);
  // A failed "Show more" says so above the list and keeps what is shown.
  const query = { isPending: activity.isPending, error: activity.error, data: events };
  return (
    <Card
      title="Security activity"
      description="Sign-ins and changes to your account. If you don't recognize one, change your password."
    >
      <QueryView query={query} empty="No activity yet.">
        {(items) => (
          <div className="space-y-3">
            <ItemList label="Security activity" items={items}>
              {(event) => <ActivityItem key={event.id} event={event} userId={userId} />}
            </ItemList>
            {activity.hasNextPage && (
              <Button
                variant="secondary"
                disabled={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                Show more
              </Button>
            )}
          </div>
        )}
      </QueryView>
    </Card>
  );
}
