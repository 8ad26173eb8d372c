import { Camera } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { nameSchema } from '#common/validation';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import type { SessionUser } from '@/lib/auth-client';
import { formatDate } from '@/lib/format';
import { refreshSession } from '@/lib/session-store';
import { sendVerification, updateName, uploadAvatar } from '../api/profile-actions';
import { isPlatformAdmin } from '#common/roles';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:items-center">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function ProfileInformation({ user }: { user: SessionUser }) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [busy, setBusy] = useState<'name' | 'avatar' | 'verify' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const act = async (kind: 'name' | 'avatar' | 'verify', work: () => Promise<unknown>, done?: string) => {
    setError(null);
    setNotice(null);
    setBusy(kind);
    try {
      await work();
      await refreshSession();
      if (done) setNotice(done);
      return true;
    } catch (caught) {
      setError((caught as Error).message);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const onPickFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setNotice(null);
      setError('Please choose an image file');
      return;
    }
    await act('avatar', () => uploadAvatar(file));
  };

  const onSaveName = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to update profile');
      return;
    }
    if (await act('name', () => updateName(parsed.data))) setEditing(false);
  };

  const isAnonymous = Boolean(user.isAnonymous);

  return (
    <Card title="Profile Information">
      <div className="space-y-3">
        <ErrorBox message={error} />
        {notice && <Notice tone="success">{notice}</Notice>}
      </div>

      <div className="mt-4 flex items-center gap-4">
        <div className="relative">
          <Avatar name={user.name} email={user.email} image={user.image} size="lg" />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={busy === 'avatar'}
            className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
            aria-label="Change profile picture"
          >
            {busy === 'avatar' ? <Spinner size="sm" label="Uploading" /> : <Camera className="size-4" aria-hidden />}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="sr-only"
            tabIndex={-1}
            aria-label="Profile picture file"
            onChange={(event) => void onPickFile(event.target.files?.[0])}
          />
        </div>
        <div className="min-w-0">
          <p className="truncate text-lg font-medium">{user.name || user.email}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
      </div>

      <dl className="mt-4 divide-y divide-slate-100">
        <Row label="Name">
          {editing ? (
            <form className="flex flex-wrap items-center gap-2" onSubmit={onSaveName}>
              <Input
                aria-label="Name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                className="max-w-xs"
                autoFocus
                maxLength={200}
              />
              <Button type="submit" disabled={busy === 'name'}>
                Save
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setName(user.name);
                  setEditing(false);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </form>
          ) : (
            <span className="flex items-center gap-3">
              <span data-testid="profile-name">{user.name}</span>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
            </span>
          )}
        </Row>
        <Row label="Email">
          <span className="flex flex-wrap items-center gap-2">
            <span>{user.email}</span>
            {user.emailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Unverified</Badge>}
            {!user.emailVerified && !isAnonymous && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy === 'verify'}
                onClick={() =>
                  void act('verify', () => sendVerification(user.email), `Verification email sent to ${user.email}.`)
                }
              >
                Send Verification
              </Button>
            )}
          </span>
        </Row>
        <Row label="Account Type">
          <span className="flex items-center gap-2">
            {isAnonymous ? 'Anonymous' : 'Registered'}
            <Badge tone={isPlatformAdmin(user.role) ? 'indigo' : 'slate'}>{user.role ?? 'user'}</Badge>
          </span>
        </Row>
        <Row label="Member Since">{formatDate(user.createdAt)}</Row>
      </dl>
    </Card>
  );
}
