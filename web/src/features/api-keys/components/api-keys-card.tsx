import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import type { SessionUser } from '@/lib/auth-client';
import { formatDate } from '@/lib/format';
import { apiKeysQuery, createApiKey, deleteApiKey } from '../api/api-keys';

export const DELETE_API_KEY_CONFIRMATION =
  'Are you sure you want to delete this API key? This action cannot be undone.';

export function ApiKeysCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery);
  const [name, setName] = useState(`${user.name || user.email}'s API Key`);
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });

  const create = useMutation({
    mutationFn: createApiKey,
    onMutate: () => setError(null),
    onSuccess: async (key) => {
      setCreatedKey(key);
      await refresh();
    },
    onError: (caught) => setError(caught.message),
  });
  const remove = useMutation({
    mutationFn: deleteApiKey,
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (caught) => setError(caught.message),
  });

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim() || `${user.name || user.email}'s API Key`);
  };

  return (
    <Card
      title="API Keys"
      description="Keys authenticate calls to the /api/v1 API with the x-api-key header. They expire after 30 days."
    >
      <div className="space-y-4">
        <ErrorBox message={error ?? (keys.error ? keys.error.message : null)} />
        {createdKey && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p className="text-sm font-medium text-amber-900">Save this key now - you won't be able to see it again!</p>
            <div className="mt-2 flex items-center gap-2">
              <code
                data-testid="new-api-key"
                className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 font-mono text-xs ring-1 ring-amber-200"
              >
                {createdKey}
              </code>
              <CopyButton value={createdKey} label="Copy API key" className="border border-amber-300 bg-white" />
              <Button variant="secondary" size="sm" onClick={() => setCreatedKey(null)}>
                Dismiss
              </Button>
            </div>
          </div>
        )}

        <form className="flex flex-wrap items-end gap-2" onSubmit={onCreate}>
          <div className="min-w-60 flex-1">
            <Label htmlFor="api-key-name">Key name</Label>
            <Input id="api-key-name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          </div>
          <Button type="submit" disabled={create.isPending}>
            <KeyRound className="size-4" aria-hidden />
            Create API Key
          </Button>
        </form>

        {keys.isPending ? (
          <Spinner />
        ) : keys.data && keys.data.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="API keys">
            {keys.data.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    {key.name || 'Unnamed key'}
                    {key.enabled ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Disabled</Badge>}
                  </p>
                  <p className="text-xs text-slate-500">
                    <span className="font-mono">{key.start ? `${key.start}…` : '—'}</span> · Created{' '}
                    {formatDate(key.createdAt)} ·{' '}
                    {key.expiresAt ? `Expires ${formatDate(key.expiresAt)}` : 'Never expires'}
                  </p>
                </div>
                <Button
                  variant="danger-ghost"
                  size="sm"
                  aria-label={`Delete API key ${key.name ?? ''}`.trim()}
                  disabled={remove.isPending}
                  onClick={() => setConfirmingDelete(key.id)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No API keys yet.</p>
        )}
        {confirmingDelete && (
          <ConfirmDialog
            title="Delete API key"
            message={DELETE_API_KEY_CONFIRMATION}
            onConfirm={() => remove.mutate(confirmingDelete)}
            onClose={() => setConfirmingDelete(null)}
          />
        )}
      </div>
    </Card>
  );
}
