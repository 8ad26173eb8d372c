import type { AdminLinkedIdentity } from '#common/linked-identities';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Notice } from '@/components/ui/notice';
import { formatDate, truncate } from '@/lib/format';
import { useLinkedIdentities } from '../api/get-linked-identities';
import { useRemoveLinkedIdentity } from '../api/remove-linked-identity';

const identityId = (identity: AdminLinkedIdentity) => identity.id;

/**
 * The identities from providers linked to a user, each with Remove (asked first). The server keeps
 * the user's last way to sign in; its refusal, like any failure, shows above the table in words.
 */
export function LinkedIdentitiesTable({ user }: { user: { id: string; email: string } }) {
  const identities = useLinkedIdentities(user.id);
  const remove = useRemoveLinkedIdentity(user.id);
  const columns: Column<AdminLinkedIdentity>[] = [
    { header: 'Provider', cell: (identity) => identity.providerLabel, className: 'font-medium' },
    { header: 'Email at provider', cell: (identity) => identity.email ?? '—', className: 'text-xs break-all' },
    {
      header: 'Subject',
      cell: (identity) => <span title={identity.accountId}>{truncate(identity.accountId, 24)}</span>,
      className: 'font-mono text-xs',
    },
    { header: 'Linked', cell: (identity) => formatDate(identity.linkedAt), className: 'text-xs' },
    {
      header: 'Actions',
      cell: (identity) => (
        <div className="flex justify-end">
          <ConfirmButton
            variant="danger-ghost"
            size="sm"
            aria-label={`Remove ${identity.providerLabel} identity ${identity.email ?? identity.accountId}`}
            disabled={remove.isPending}
            title="Remove linked identity"
            question={`Remove the ${identity.providerLabel} identity ${identity.email ?? identity.accountId} from ${user.email}? It will no longer sign them in, and they will be signed out everywhere.`}
            confirmLabel="Remove"
            onConfirm={() => remove.mutate(identity.id)}
          >
            Remove
          </ConfirmButton>
        </div>
      ),
    },
  ];
  return (
    <>
      {remove.isSuccess && <Notice tone="success">Linked identity removed. The user was signed out everywhere.</Notice>}
      <DataTable
        label="Linked identities"
        columns={columns}
        rowKey={identityId}
        rows={identities.data}
        isPending={identities.isPending}
        error={identities.error?.message ?? remove.error?.message}
        empty="No linked identities."
        rowTestId="linked-identity-row"
      />
    </>
  );
}
