import { z } from 'zod';
import { parseBanDuration } from '#common/admin';
import { BAN_MAX_SECONDS, banExpiresInRule, banReasonSchema } from '#common/ban';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/**
 * The Ban User form: an optional reason, and whole seconds or nothing (a permanent ban). The
 * duration comes as text from its input; once a number, the server's own rules check both fields.
 */
const NOT_A_DURATION = 'Duration must be a whole number of seconds, or empty for a permanent ban';

export const banUserSchema = z.object({
  banReason: banReasonSchema,
  banExpiresIn: z
    .string()
    .transform((value, context) => {
      const seconds = parseBanDuration(value);
      if (seconds !== 'invalid') return seconds;
      context.addIssue({ code: 'custom', message: NOT_A_DURATION });
      return z.NEVER;
    })
    .pipe(
      banExpiresInRule({
        notWhole: NOT_A_DURATION,
        tooShort: NOT_A_DURATION,
        tooLong: `Duration is at most ${BAN_MAX_SECONDS} seconds (100 years); leave it empty for a permanent ban`,
      }).optional(),
    ),
});
export type BanUserInput = z.output<typeof banUserSchema>;

export const banUser = ({ userId, banReason, banExpiresIn }: BanUserInput & { userId: string }) =>
  unwrap(authClient.admin.banUser({ userId, banReason: banReason || undefined, banExpiresIn }), 'Failed to ban user');

export const useBanUser = () =>
  useRefreshingMutation({ mutationFn: banUser, refreshes: [queryKeys.admin.users.all], successToast: 'User banned' });
