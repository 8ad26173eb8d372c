import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { adminCreateUserSchema, BAN_DURATION_SUGGESTIONS, parseBanDuration, type AdminUserRow } from '#common/admin';
import { isPlatformAdmin } from '#common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { Select } from '@/components/ui/select';
import { formatDateTime, truncate } from '@/lib/format';
import { describeUserAgent } from '@/lib/user-agent';
import {
  banUser,
  createUser,
  revokeAllSessions,
  revokeSession,
  updateUser,
  userSessionsQuery,
} from '../api/admin-users';
import { adminOrganizationsQuery } from '@/lib/admin-organizations';
import { queryKeys } from '@/lib/query-keys';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all });
}

export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const refresh = useRefreshUsers();
  const organizations = useQuery(adminOrganizationsQuery);
  const [form, setForm] = useState({
    email: '',
    password: '',
    name: '',
    role: 'user' as 'user' | 'admin',
    emailVerified: false,
    organizationId: '',
  });
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    onError: (caught) => setError(caught.message),
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminCreateUserSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to create user');
      return;
    }
    setError(null);
    create.mutate(form);
  };
  return (
    <Modal title="Create User" onClose={onClose}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error} />
        <Field id="create-name" label="Name">
          <Input id="create-name" value={form.name} onChange={(event) => set('name', event.target.value)} />
        </Field>
        <Field id="create-email" label="Email">
          <Input
            id="create-email"
            type="email"
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
          />
        </Field>
        <Field id="create-password" label="Password">
          <Input
            id="create-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => set('password', event.target.value)}
          />
        </Field>
        <Field id="create-role" label="Role">
          <Select
            id="create-role"
            className="block w-full"
            value={form.role}
            onChange={(event) => set('role', event.target.value as 'user' | 'admin')}
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
        <Field id="create-organization" label="Organization (optional)">
          <Select
            id="create-organization"
            className="block w-full"
            value={form.organizationId}
            onChange={(event) => set('organizationId', event.target.value)}
          >
            <option value="">No organization</option>
            {organizations.data?.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.emailVerified}
            onChange={(event) => set('emailVerified', event.target.checked)}
          />
          Email verified
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create User
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function EditUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const refresh = useRefreshUsers();
  const [form, setForm] = useState({
    name: user.name,
    email: user.email,
    role: isPlatformAdmin(user.role) ? 'admin' : 'user',
  });
  const save = useMutation({
    mutationFn: () => updateUser(user.id, { name: form.name.trim(), email: form.email.trim(), role: form.role }),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  return (
    <Modal title="Edit User" onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <ErrorBox message={save.error?.message} />
        <Field id="edit-name" label="Name">
          <Input
            id="edit-name"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </Field>
        <Field id="edit-email" label="Email">
          <Input
            id="edit-email"
            type="email"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
        </Field>
        <Field id="edit-role" label="Role">
          <Select
            id="edit-role"
            className="block w-full"
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value })}
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}

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
        <Field id="ban-reason" label="Reason">
          <Input id="ban-reason" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <Field id="ban-duration" label="Duration in seconds (empty for permanent)">
          <Input
            id="ban-duration"
            inputMode="numeric"
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          />
        </Field>
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

export function UserDetailsModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(userSessionsQuery(user.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: userSessionsQuery(user.id).queryKey });
  const revokeOne = useMutation({ mutationFn: revokeSession, onSuccess: refresh });
  const revokeAll = useMutation({ mutationFn: () => revokeAllSessions(user.id), onSuccess: refresh });
  const rows: Array<[string, string]> = [
    ['Name', user.name],
    ['Email', `${user.email}${user.emailVerified ? ' (verified)' : ''}`],
    ['User ID', user.id],
    ['Role', user.role],
    ['Organization', user.organizationName ? `${user.organizationName} (${user.organizationRole})` : '—'],
    ['Status', user.banned ? `Banned${user.banReason ? `: ${user.banReason}` : ''}` : 'Active'],
    ['Created', formatDateTime(user.createdAt)],
  ];
  return (
    <Modal title="User Details" onClose={onClose} wide>
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500 uppercase">{label}</dt>
            <dd className="text-sm break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex items-center justify-between">
        <h3 className="text-sm font-semibold">Active sessions</h3>
        <Button
          variant="danger"
          size="sm"
          disabled={revokeAll.isPending || !sessions.data?.length}
          onClick={() => revokeAll.mutate()}
        >
          Revoke All
        </Button>
      </div>
      <ErrorBox message={sessions.error?.message ?? revokeOne.error?.message ?? revokeAll.error?.message} />
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.data && sessions.data.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Active sessions">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-xs">
              <div className="min-w-0 flex-1">
                <p className="font-mono">{truncate(session.id, 16)}</p>
                <p className="text-slate-500">
                  {session.ipAddress || 'unknown address'} ·{' '}
                  <span title={session.userAgent ?? undefined}>
                    {describeUserAgent(session.userAgent) ?? (truncate(session.userAgent, 60) || 'unknown agent')}
                  </span>{' '}
                  · expires {formatDateTime(session.expiresAt)}
                </p>
              </div>
              {session.impersonatedBy && <Badge tone="amber">Impersonation</Badge>}
              <Button variant="secondary" size="sm" onClick={() => revokeOne.mutate(session.token)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No active sessions.</p>
      )}
    </Modal>
  );
}
