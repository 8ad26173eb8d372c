import type { Auth } from '../auth';
import { endTrustedDevices } from './trusted-devices';

export type TwoFactorReset = 'reset' | 'user-not-found' | 'not-enabled';

/**
 * What an admin does for a person who lost their authenticator app and their backup codes: the
 * secret and the codes are deleted, two-factor is off, and every session of the account ends (the
 * same as a password set by an admin: whoever held one may be the reason for the reset), and so does
 * every device trusted to skip the code. The person signs in with their password alone, then may
 * turn two-factor on again.
 */
export async function resetTwoFactor(auth: Auth, userId: string): Promise<TwoFactorReset> {
  const { adapter, internalAdapter } = await auth.$context;
  const user = await internalAdapter.findUserById(userId);
  if (!user) return 'user-not-found';
  const where = [{ field: 'userId', value: userId }];
  // A set-up never confirmed leaves a row behind with two-factor still off: that is reset too.
  const secret = await adapter.findOne({ model: 'twoFactor', where });
  if (!(user as { twoFactorEnabled?: unknown }).twoFactorEnabled && !secret) return 'not-enabled';
  await internalAdapter.updateUser(userId, { twoFactorEnabled: false });
  await adapter.deleteMany({ model: 'twoFactor', where });
  await internalAdapter.deleteUserSessions(userId);
  await endTrustedDevices(internalAdapter, userId);
  return 'reset';
}
