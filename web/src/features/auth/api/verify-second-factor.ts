import type { SecondFactorInput } from '#common/two-factor';
import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/**
 * The second step of a password sign-in with two-factor on: the code (or a backup code) signs in,
 * and `trustDevice` spares this browser the step for 30 days. A wrong code throws a RequestError.
 */
export async function verifySecondFactor({ method, code, trustDevice }: SecondFactorInput): Promise<void> {
  const client = await loadAuthClient();
  const verified =
    method === 'totp'
      ? client.twoFactor.verifyTotp({ code, trustDevice })
      : client.twoFactor.verifyBackupCode({ code, trustDevice });
  await unwrap<unknown>(verified, 'Failed to verify the code');
}
