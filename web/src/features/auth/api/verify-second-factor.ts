import type { SecondFactorInput } from '#common/two-factor';
import { unwrap } from '@/lib/errors';
import { loadAuthClient, loadOAuthRequest } from '@/lib/load-auth-client';

/**
 * The second step of a password sign-in with two-factor on: the code (or a backup code) signs in,
 * and `trustDevice` spares this browser the step for 30 days. A wrong code throws a RequestError.
 * When an application asked for the sign-in, where its flow goes on.
 */
export async function verifySecondFactor({ method, code, trustDevice }: SecondFactorInput): Promise<string | null> {
  const client = await loadAuthClient();
  const verified =
    method === 'totp'
      ? client.twoFactor.verifyTotp({ code, trustDevice })
      : client.twoFactor.verifyBackupCode({ code, trustDevice });
  const answer = await unwrap<unknown>(verified, 'Failed to verify the code');
  return (await loadOAuthRequest()).continuationOf(answer);
}
