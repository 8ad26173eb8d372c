import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordSchema } from '#common/validation';
import { loadAuthClient } from '@/lib/load-auth-client';
import { RequestError, unwrap } from '@/lib/errors';
import { refreshSession } from '@/lib/session-store';
import { withConfirmation } from '../utils/confirmation';

export const resetPasswordFormSchema = withConfirmation(z.object({ newPassword: passwordSchema }));

/** Better Auth's refusal of a reset link that is made up, expired or already used. */
export const isInvalidLink = (error: unknown) => error instanceof RequestError && error.code === 'INVALID_TOKEN';

/**
 * Sets the new password with the mailed token. Every session of the account ends, perhaps this
 * browser's: resolves to whoever this browser is still signed in as, if anyone.
 */
export async function resetPassword({ token, newPassword }: { token: string; newPassword: string }) {
  await unwrap((await loadAuthClient()).resetPassword({ token, newPassword }), 'Failed to reset password');
  return refreshSession().catch(() => null);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
