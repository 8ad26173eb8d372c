import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BAN_DURATION_SUGGESTIONS, parseBanDuration, type AdminUserRow } from '#common/admin';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { banUser, useRefreshUsers } from '../api/admin-users';

export function BanUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const refresh = useRefreshUsers();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ban = useMutation({
    mutationFn: (seconds: number | undefined) => banUser(user.id, reason.trim(), seconds),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    onError: (caught) => setError(caught.message),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseBanDuration(duration);
    if (seconds === 'invalid') {
      setError('Duration must be a whole number of seconds, or empty for a permanent ban');
      return;
    }
    setError(null);
    ban.mutate(seconds);
  };
  return (
    <Modal title="Ban User" onClose={onClose}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <p className="text-sm text-slate-600">
          Ban <strong>{user.name || user.email}</strong>: they are signed out everywhere and cannot sign in until the
          ban ends.
        </p>
        <ErrorBox message={error} />
        <FormField id="ban-reason" label="Reason">
          <Input id="ban-reason" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <FormField id="ban-duration" label="Duration in seconds (empty for permanent)">
          <Input
            id="ban-duration"
            inputMode="numeric"
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          {BAN_DURATION_SUGGESTIONS.map((suggestion) => (
            <Button
              key={suggestion.seconds}
              variant="secondary"
              size="sm"
              onClick={() => setDuration(String(suggestion.seconds))}
            >
              {suggestion.label}
            </Button>
          ))}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={ban.isPending}>
            Ban User
          </Button>
        </div>
      </form>
    </Modal>
  );
}
