import { API_URL, authClient } from '@/lib/auth-client';
import { messageOf } from '@/lib/errors';

/** Each action resolves on success or throws an Error whose message is ready to show. */
async function run<T>(
  call: () => Promise<{ data?: T | null; error: unknown }>,
  fallback: string,
): Promise<T | null | undefined> {
  let result: { data?: T | null; error: unknown };
  try {
    result = await call();
  } catch {
    throw new Error(fallback);
  }
  if (result.error) throw new Error(messageOf(result.error, fallback));
  return result.data;
}

export const profileCallbackURL = (query = '') => `${window.location.origin}/profile${query}`;

export const updateName = (name: string) => run(() => authClient.updateUser({ name }), 'Failed to update profile');

export const sendVerification = (email: string) =>
  run(
    () => authClient.sendVerificationEmail({ email, callbackURL: profileCallbackURL('?verified=1') }),
    'Failed to send verification email',
  );

export const changeEmail = (newEmail: string) =>
  run(() => authClient.changeEmail({ newEmail, callbackURL: profileCallbackURL() }), 'Failed to change email');

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
  await run(() => authClient.updateUser({ image: payload.url }), 'Failed to upload image');
}
