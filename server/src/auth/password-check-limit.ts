import type { BetterAuthPlugin } from 'better-auth';
import { getSessionFromCtx } from 'better-auth/api';
import type { Redis } from 'ioredis';
import type { Config } from '../env';
import { sharedLimiter } from '../lib/limiter';
import { authHook } from './auth-hook';
import { consumeOrRefuse } from './limited';

/** Password checks allowed per account in this many seconds: as many as sign-ins per address. */
export const PASSWORD_CHECKS = { points: 3, durationSeconds: 10 } as const;
const VERIFY_PASSWORD = '/verify-password';

const perAccountLimiter = (redis: Redis | undefined) =>
  sharedLimiter(redis, {
    keyPrefix: 'gatehouse:password-check',
    points: PASSWORD_CHECKS.points,
    duration: PASSWORD_CHECKS.durationSeconds,
  });

/**
 * Better Auth's `POST /verify-password` answers whether a password is the signed-in account's: with
 * a stolen session, a way to guess it, 100 times in 10 s under Better Auth's general limit. It is
 * limited as a sign-in is, 3 checks in 10 s, counted per account (the session names it, from any
 * address), with a 429 and `Retry-After`. Its failures are in the audit trail (`password.verify`),
 * and it is refused while impersonating (the impersonation guard's sensitive paths).
 */
export function passwordCheckLimit({
  config,
  redis,
}: {
  config: Pick<Config, 'unsafeDisableRateLimit'>;
  redis?: Redis | undefined;
}) {
  const limiter = perAccountLimiter(redis);
  return {
    id: 'password-check-limit',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_PASSWORD,
          handler: authHook(async (ctx) => {
            if (config.unsafeDisableRateLimit) return;
            // Without a session the endpoint's own 401 answers, and no password is checked.
            const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
            if (!session) return;
            await consumeOrRefuse(
              limiter,
              session.user.id,
              ({ seconds }) => `Too many password attempts. Try again in ${seconds} s.`,
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
