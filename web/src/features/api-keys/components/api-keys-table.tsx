import { Badge } from '@/components/ui/badge';
import { ConfirmDeleteButton } from '@/components/ui/confirm-delete-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys, type ApiKeyRow } from '../api/get-api-keys';

export const DELETE_API_KEY_CONFIRMATION =
  'Are you sure you want to delete this API key? This action cannot be undone.';

/** The account's keys, shown by their first characters only, each deleted after a confirmation. */
export function ApiKeysTable() {
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const columns: Column<ApiKeyRow>[] = [
    {
      header: 'Name',
      cell: (key) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {key.name || 'Unnamed key'}
          {key.enabled ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Disabled</Badge>}
        </span>
      ),
    },
    { header: 'Key', cell: (key) => (key.start ? `${key.start}…` : '—'), className: 'font-mono text-xs' },
    { header: 'Created', cell: (key) => formatDate(key.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Expires',
      cell: (key) => (key.expiresAt ? formatDate(key.expiresAt) : 'Never'),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Actions',
      cell: (key) => (
        <ConfirmDeleteButton
          label={`Delete API key ${key.name ?? ''}`.trim()}
          title="Delete API key"
          question={DELETE_API_KEY_CONFIRMATION}
          onConfirm={() => remove.mutate(key.id)}
          disabled={remove.isPending}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="API keys"
      columns={columns}
      rows={keys.data}
      rowKey={(key) => key.id}
      isPending={keys.isPending}
      error={(keys.error ?? remove.error)?.message}
      empty="No API keys yet."
      rowTestId="api-key-row"
    />
  );
}
