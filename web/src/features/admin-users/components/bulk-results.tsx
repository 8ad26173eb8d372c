import type { AdminBulkAction, AdminBulkResult } from '#common/admin-bulk';
import type { AdminUserRow } from '#common/admin';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { BULK_ACTIONS, usersCount } from '../utils/bulk-actions';

export interface BulkSummary {
  action: AdminBulkAction;
  results: AdminBulkResult[];
  /** The users as the list showed them, to name the ones that failed. */
  users: AdminUserRow[];
}

/** Which users a bulk action failed for, and why (the server's words), until dismissed. */
export function BulkResults({ summary, onDismiss }: { summary: BulkSummary; onDismiss: () => void }) {
  const failed = summary.results.filter((result) => !result.ok);
  const nameOf = (userId: string) => summary.users.find((user) => user.id === userId)?.email ?? userId;
  return (
    <Notice tone="warning">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-medium">
            {usersCount(failed.length)} not {BULK_ACTIONS[summary.action].done}:
          </p>
          <ul className="mt-1 list-disc pl-5" aria-label="Bulk action failures">
            {failed.map((result) => (
              <li key={result.userId}>
                {nameOf(result.userId)}: {result.message}
              </li>
            ))}
          </ul>
        </div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Notice>
  );
}
