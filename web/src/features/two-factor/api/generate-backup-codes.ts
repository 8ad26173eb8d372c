import type { CurrentPasswordInput } from '#common/two-factor';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Ten new backup codes, shown once; the old ones stop working. */
export async function generateBackupCodes({ password }: CurrentPasswordInput): Promise<string[]> {
  const made = await unwrap(authClient.twoFactor.generateBackupCodes({ password }), 'Failed to make new backup codes');
  return made.backupCodes;
}

export const useGenerateBackupCodes = () => useRefreshingMutation({ mutationFn: generateBackupCodes, refreshes: [] });
