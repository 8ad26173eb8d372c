import { changePasswordSchema, type ChangePasswordInput } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { RequestError, unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { withConfirmation } from '../utils/confirmation';

export const changePasswordFormSchema = withConfirmation(changePasswordSchema);

export const PASSWORD_CHANGED = 'Password changed. Every other session has been signed out.';

/** Better Auth says "Invalid password": here it can only be the current one. */
const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';

export async function changePassword({ currentPassword, newPassword }: ChangePasswordInput) {
  try {
    // The server ends the other sessions whatever is asked; asked all the same, to say so.
    return await unwrap(
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
      'Failed to change password',
    );
  } catch (caught) {
    if (caught instanceof RequestError && caught.code === 'INVALID_PASSWORD') {
      throw new RequestError(caught.status, caught.code, WRONG_CURRENT_PASSWORD);
    }
    throw caught;
  }
}

/** This browser gets a new session (a new cookie); the others are gone from the session list. */
export const useChangePassword = () =>
  useRefreshingMutation({
    mutationFn: changePassword,
    refreshes: [queryKeys.session, queryKeys.mySessions],
    successToast: PASSWORD_CHANGED,
  });
