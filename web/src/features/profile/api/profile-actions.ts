import { API_URL } from '@/lib/auth-fetch';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';

export const profileCallbackURL = (query = '') => `${window.location.origin}/profile${query}`;

export const updateName = (name: string) => unwrap(authClient.updateUser({ name }), 'Failed to update profile');

export const sendVerification = (email: string) =>
  unwrap(
    authClient.sendVerificationEmail({ email, callbackURL: profileCallbackURL('?verified=1') }),
    'Failed to send verification email',
  );

export const changeEmail = (newEmail: string) =>
  unwrap(authClient.changeEmail({ newEmail, callbackURL: profileCallbackURL() }), 'Failed to change email');

/** Uploads the picture, then makes it the user's image. */
export async function uploadAvatar(file: File): Promise<void> {
  const body = new FormData();
  body.set('file', file);
  body.set('category', 'profile');
  body.set('isPublic', 'true');
  body.set('description', 'Profile picture');
  let response: Response;
  try {
    response = await fetch(`${API_URL}/api/v1/files/upload`, { method: 'POST', body, credentials: 'include' });
  } catch {
    throw new Error('Failed to upload image');
  }
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    url?: string;
    message?: string;
  } | null;
  if (!response.ok) throw new Error(payload?.message ?? `Upload failed: ${response.status}`);
  if (!payload?.success || !payload.url) throw new Error('Failed to upload image');
  await unwrap(authClient.updateUser({ image: payload.url }), 'Failed to upload image');
}
