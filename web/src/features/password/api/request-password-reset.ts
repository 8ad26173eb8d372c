import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { emailSchema } from '#common/validation';
import { paths } from '@/config/paths';
import { loadAuthClient } from '@/lib/load-auth-client';
import { unwrap } from '@/lib/errors';

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** Where the mailed link brings the person back: this console's reset page (the server adds the token). */
const resetPage = () => `${window.location.origin}${paths.resetPassword}`;

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the
 * screen says the same either way.
 */
export const requestPasswordReset = async (email: string) =>
  unwrap(
    (await loadAuthClient()).requestPasswordReset({ email, redirectTo: resetPage() }),
    'Failed to send the reset link',
  );

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
