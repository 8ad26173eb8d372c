import { ACCEPTED_IMAGE_TYPES } from '#common/images';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import type { SessionUser } from '@/lib/auth-client';

/** The user's picture with a camera button over its corner that picks a new one. */
export function AvatarPicker({
  user,
  onPick,
  pending,
}: {
  user: SessionUser;
  onPick: (file: File) => void;
  pending: boolean;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="relative">
      <Avatar name={user.name} email={user.email} image={user.image} size="lg" />
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        disabled={pending}
        className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full border border-border bg-surface text-secondary-foreground shadow-sm hover:bg-muted"
        aria-label="Change profile picture"
      >
        {pending ? <Spinner size="sm" label="Uploading" /> : <Camera className="size-4" aria-hidden />}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile picture file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that picking the same file again is a change too.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </div>
  );
}
