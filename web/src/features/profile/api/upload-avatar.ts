import { useMutation } from '@tanstack/react-query';
import { API_URL } from '@/lib/auth-fetch';
import { authClient } from '@/lib/auth-client';
import { RequestError, toRequestError, unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { refreshSession } from '@/lib/session-store';

/** Uploads the picture (images only), then makes it the user's image. */
export async function uploadAvatar(file: File): Promise<void> {
  if (!file.type.startsWith('image/')) {
    throw new RequestError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please choose an image file');
  }
  const body = new FormData();
  body.set('file', file);
  body.set('category', 'profile');
  body.set('isPublic', 'true');
  body.set('description', 'Profile picture');
  const response = await fetch(`${API_URL}/api/v1/files/upload`, {
    method: 'POST',
    body,
    credentials: 'include',
  }).catch((caught: unknown) => {
    throw toRequestError(caught, 'Failed to upload image');
  });
  const payload = (await response.json().catch(() => null)) as { success?: boolean; url?: string } | null;
  if (!response.ok) throw toRequestError({ ...payload, status: response.status }, `Upload failed: ${response.status}`);
  if (!payload?.success || !payload.url) {
    throw new RequestError(response.status, 'UNEXPECTED_RESPONSE', 'Failed to upload image');
  }
  await unwrap(authClient.updateUser({ image: payload.url }), 'Failed to upload image');
}

/** The new picture, then the session read again: the top bar shows it too. */
export const useUploadAvatar = () =>
  useMutation({
    mutationFn: (file: File) => uploadAvatar(file).then(refreshSession),
    onSuccess: () => notify.success('Profile picture updated'),
  });
