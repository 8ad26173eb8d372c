import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { nameSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { refreshSession } from '@/lib/session-store';

export const updateNameSchema = z.object({ name: nameSchema });

export const updateName = (name: string) => unwrap(authClient.updateUser({ name }), 'Failed to update profile');

/** Renames the account, then reads the session again: the whole console (top bar too) shows the name. */
export const useUpdateName = () =>
  useMutation({
    mutationFn: (name: string) => updateName(name).then(refreshSession),
    onSuccess: () => notify.success('Profile updated'),
  });
