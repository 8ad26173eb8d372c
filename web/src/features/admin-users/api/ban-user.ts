import { z } from 'zod';
import { parseBanDuration } from '#common/admin';
import { BAN_MAX_SECONDS, BAN_REASON_MAX_LENGTH } from '#common/admin-bulk';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The Ban User form: an optional reason, and whole seconds or nothing (a permanent ban). */
export const banUserSchema = z.object({
  banReason: z.string().trim().max(BAN_REASON_MAX_LENGTH, `Reason is at most ${BAN_REASON_MAX_LENGTH} characters`),
  banExpiresIn: z.string().transform((value, context) => {
    const seconds = parseBanDuration(value);
    if (seconds !== 'invalid' && (seconds ?? 0) <= BAN_MAX_SECONDS) return seconds;
    context.addIssue({
      code: 'custom',
      message:
        seconds === 'invalid'
          ? 'Duration must be a whole number of seconds, or empty for a permanent ban'
          : `Duration is at most ${BAN_MAX_SECONDS} seconds (100 years)`,
    });
    return z.NEVER;
  }),
});
export type BanUserInput = z.output<typeof banUserSchema>;

export const banUser = ({ userId, banReason, banExpiresIn }: BanUserInput & { userId: string }) =>
  unwrap(authClient.admin.banUser({ userId, banReason: banReason || undefined, banExpiresIn }), 'Failed to ban user');

export const useBanUser = () =>
  useRefreshingMutation({ mutationFn: banUser, refreshes: [queryKeys.admin.users.all], successToast: 'User banned' });
