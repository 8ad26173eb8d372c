import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { emailSchema } from '#common/validation';
import { paths } from '@/config/paths';
import { authFetch } from '@/lib/auth-fetch';
import { unwrap } from '@/lib/errors';

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** Where the mailed link brings the person back: this console's reset page (the server adds the token). */
const resetPage = () => `${window.location.origin}${paths.resetPassword}`;

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the
 * screen says the same either way.
 */
export const requestPasswordReset = (email: string) =>
  unwrap(
    authFetch('/request-password-reset', { method: 'POST', body: { email, redirectTo: resetPage() } }),
    'Failed to send the reset link',
  );

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
