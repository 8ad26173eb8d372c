import { useState } from 'react';
import { ADMIN_BULK_ACTIONS, type AdminBulkAction, type AdminBulkActionInput } from '#common/admin-bulk';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify';
import { useBulkUsers } from '../api/bulk-users';
import type { UserSelection } from '../hooks/use-user-selection';
import { BULK_ACTIONS, bulkOutcome, usersCount } from '../utils/bulk-actions';
import { BulkBanModal } from './bulk-ban-modal';
import { BulkResults, type BulkSummary } from './bulk-results';

/**
 * The bar over the table while users are ticked: their count and the four actions, each asked
 * first with the count. After it, a toast tells how it went and a summary lists what failed and why.
 */
export function UsersBulkActions({ selection }: { selection: UserSelection }) {
  const [asking, setAsking] = useState<AdminBulkAction | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const bulk = useBulkUsers();
  const selected = selection.users;

  const run = (input: Omit<AdminBulkActionInput, 'userIds'>) => {
    const users = selected;
    bulk.mutate(
      { ...input, userIds: users.map((user) => user.id) },
      {
        onSuccess: (results) => {
          const failed = results.filter((result) => !result.ok).length;
          const message = bulkOutcome(input.action, results.length - failed, failed);
          if (failed === 0) notify.success(message);
          else notify.error(message);
          setSummary(failed > 0 ? { action: input.action, results, users } : null);
          selection.clear();
        },
      },
    );
  };

  return (
    <>
      {summary && <BulkResults summary={summary} onDismiss={() => setSummary(null)} />}
      {selected.length > 0 && (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-xl border border-accent-border bg-accent-surface px-4 py-2"
        >
          <span className="mr-2 text-sm font-medium text-foreground">{usersCount(selected.length)} selected</span>
          {ADMIN_BULK_ACTIONS.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'delete' ? 'danger' : 'secondary'}
              disabled={bulk.isPending}
              onClick={() => setAsking(action)}
            >
              {BULK_ACTIONS[action].button}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={selection.clear}>
            Clear selection
          </Button>
        </div>
      )}
      {asking === 'ban' && (
        <BulkBanModal
          count={selected.length}
          onBan={({ banReason, banExpiresIn }) =>
            run({ action: 'ban', banReason: banReason || undefined, banExpiresIn })
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking && asking !== 'ban' && (
        <ConfirmDialog
          title={BULK_ACTIONS[asking].question(selected.length)}
          message={BULK_ACTIONS[asking].explanation}
          confirmLabel={BULK_ACTIONS[asking].confirm}
          onConfirm={() => run({ action: asking })}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
