import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { changeEmailSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { profileCallbackURL } from './callback-url';

/** The Change Email form: a valid address, other than the current one (spec wording). */
export const changeEmailFormSchema = (currentEmail: string) => z.object({ newEmail: changeEmailSchema(currentEmail) });

export const changeEmail = (newEmail: string) =>
  unwrap(authClient.changeEmail({ newEmail, callbackURL: profileCallbackURL() }), 'Failed to change email');

/**
 * An unverified address changes at once; a verified one only once the old inbox approves. Either
 * way the screen says which (the caller knows whether the address was verified).
 */
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
