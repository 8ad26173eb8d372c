import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { authClient } from '@/lib/auth-client';
import { RequestError, unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { refreshSession } from '@/lib/session-store';

/** Uploads the picture (images only), then makes it the user's image. */
export async function uploadAvatar(file: File): Promise<void> {
  if (!file.type.startsWith('image/')) {
    throw new RequestError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please choose an image file');
  }
  const form = { file, category: 'profile', isPublic: 'true', description: 'Profile picture' } as const;
  const uploaded = await answer(api.files.upload.$post({ form }), (status) =>
    status ? `Upload failed: ${status}` : 'Failed to upload image',
  );
  if (!uploaded?.success || !uploaded.url) {
    throw new RequestError(200, 'UNEXPECTED_RESPONSE', 'Failed to upload image');
  }
  await unwrap(authClient.updateUser({ image: uploaded.url }), 'Failed to upload image');
}

/** The new picture, then the session read again: the top bar shows it too. */
export const useUploadAvatar = () =>
  useMutation({
    mutationFn: (file: File) => uploadAvatar(file).then(refreshSession),
    onSuccess: () => notify.success('Profile picture updated'),
  });
