import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { authClient, type SessionUser } from '@/lib/auth-client';
import { formatDate } from '@/lib/format';
import { forgetSession } from '@/lib/session';
import {
  addPasskey,
  cancelPasskeyCeremony,
  deletePasskey,
  passkeysQuery,
  renamePasskey,
  SessionNotFreshError,
  type PasskeyRow,
} from '../api/passkeys';

export const DELETE_PASSKEY_CONFIRMATION =
  'Are you sure you want to delete this passkey? This action cannot be undone.';

function PasskeyItem({ passkey, onError }: { passkey: PasskeyRow; onError: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name ?? '');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
  const rename = useMutation({
    mutationFn: (next: string) => renamePasskey(passkey.id, next),
    onMutate: () => onError(null),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
    onError: (caught) => onError(caught.message),
  });
  const remove = useMutation({
    mutationFn: () => deletePasskey(passkey.id),
    onMutate: () => onError(null),
    onSuccess: refresh,
    onError: (caught) => onError(caught.message),
  });
  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate(name.trim());
  };
  const label = passkey.name || 'Unnamed passkey';

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0 flex-1">
        {editing ? (
          <form className="flex flex-wrap items-center gap-2" onSubmit={onRename}>
            <Input
              aria-label="Passkey name"
              value={name}
              maxLength={100}
              autoFocus
              className="max-w-xs"
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={!name.trim() || rename.isPending}>
              Save
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {label}
            {passkey.backedUp ? <Badge tone="indigo">Synced</Badge> : <Badge tone="slate">Local Only</Badge>}
          </p>
        )}
        <p className="text-xs text-slate-500">
          Created {formatDate(passkey.createdAt)} ·{' '}
          {passkey.deviceType === 'multiDevice' ? 'Multi-device' : 'Single device'} ·{' '}
          <span className="font-mono" data-testid="passkey-credential">
            {passkey.credentialID.slice(0, 16)}
          </span>
        </p>
      </div>
      {!editing && (
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" aria-label={`Rename passkey ${label}`} onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            aria-label={`Delete passkey ${label}`}
            disabled={remove.isPending}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      )}
      {confirmingDelete && (
        <ConfirmDialog
          title="Delete passkey"
          message={DELETE_PASSKEY_CONFIRMATION}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirmingDelete(false)}
        />
      )}
    </li>
  );
}

export function PasskeysCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passkeys = useQuery(passkeysQuery);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const add = useMutation({
    mutationFn: () => addPasskey(`${user.name || user.email}'s Passkey`),
    onMutate: () => {
      setError(null);
      setStale(false);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
    onError: (caught) => {
      if (caught instanceof SessionNotFreshError) setStale(true);
      setError(caught.message);
    },
  });

  const signInAgain = async () => {
    await authClient.signOut().catch(() => undefined);
    forgetSession();
    await navigate(paths.auth, { replace: true });
  };

  return (
    <Card
      title="Passkeys"
      description="Sign in with your device's screen lock, a security key or a password manager instead of a password."
      actions={
        add.isPending ? (
          <span className="flex items-center gap-2">
            <Spinner size="sm" label="Waiting for the passkey" />
            <Button variant="secondary" onClick={cancelPasskeyCeremony}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button onClick={() => add.mutate()}>
            <Fingerprint className="size-4" aria-hidden />
            Add Passkey
          </Button>
        )
      }
    >
      <div className="space-y-4">
        <ErrorBox message={error ?? (passkeys.error ? passkeys.error.message : null)} />
        {stale && (
          <Button variant="secondary" onClick={signInAgain}>
            Sign in again
          </Button>
        )}
        {passkeys.isPending ? (
          <Spinner />
        ) : passkeys.data && passkeys.data.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onError={setError} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No passkeys yet.</p>
        )}
      </div>
    </Card>
  );
}
