import crypto from 'node:crypto';
import { BASE_ERROR_CODES } from '@better-auth/core/error';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Redis } from 'ioredis';
import type { Config } from '../env';
import { sharedLimiter } from '../lib/limiter';
import { authHook } from './auth-hook';
import { changeFrom, sendPasswordChanged, type PasswordMailDependencies } from './password-mail';
import { consumeOrRefuse } from './limited';
import { errorOf } from './plugin-error-codes';

/**
 * Reset requests allowed in an hour: for one address (whoever asks, so a mailbox cannot be flooded
 * from many places), and from one client address (Better Auth's own limiter; its default is 3 a minute).
 */
export const RESET_REQUESTS_PER_HOUR = { perEmail: 3, perClient: 10 } as const;
const HOUR = 60 * 60;

export interface PasswordGuardDependencies extends PasswordMailDependencies {
  config: Pick<Config, 'publicUrl' | 'trustedProxies' | 'nodeEnv' | 'smtpUrl' | 'unsafeDisableRateLimit'>;
  redis?: Redis | undefined;
}

const perEmailLimiter = (redis: Redis | undefined) =>
  sharedLimiter(redis, {
    keyPrefix: 'gatehouse:password-reset',
    points: RESET_REQUESTS_PER_HOUR.perEmail,
    duration: HOUR,
  });

const bodyOf = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {});

/**
 * What Better Auth leaves to us around passwords: reset requests limited per address and refused
 * from foreign pages, the reset link pointed at the console by default, a change to the same
 * password refused, and a notice mailed after every change.
 */
export function passwordGuard(dependencies: PasswordGuardDependencies) {
  const { config, redis } = dependencies;
  const limiter = perEmailLimiter(redis);
  // As createMailer decides: in production without SMTP, no mail can leave.
  const mailDisabled = config.nodeEnv === 'production' && !config.smtpUrl;

  /** Cookie-less calls pass Better Auth's origin check; a page on another site still may not send them. */
  const refuseForeignOrigin = authHook(async (ctx) => {
    const origin = ctx.request?.headers.get('origin');
    if (origin && !ctx.context.isTrustedOrigin(origin))
      throw APIError.from('FORBIDDEN', BASE_ERROR_CODES.INVALID_ORIGIN);
  });

  return {
    id: 'password-guard',
    rateLimit: [
      {
        pathMatcher: (path: string) => path === '/request-password-reset',
        window: HOUR,
        max: RESET_REQUESTS_PER_HOUR.perClient,
      },
    ],
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === '/reset-password', handler: refuseForeignOrigin },
        {
          matcher: (ctx) => ctx.path === '/request-password-reset',
          handler: authHook(async (ctx) => {
            await refuseForeignOrigin(ctx);
            // The same answer for every address: a link that can never arrive is said so to all.
            if (mailDisabled) throw APIError.from('SERVICE_UNAVAILABLE', errorOf('MAIL_NOT_CONFIGURED'));
            const body = bodyOf(ctx.body);
            if (typeof body.email === 'string' && !config.unsafeDisableRateLimit) {
              // Counted for every address asked about, known or not: the refusal tells nothing.
              const key = crypto.createHash('sha256').update(body.email.trim().toLowerCase()).digest('hex');
              await consumeOrRefuse(
                limiter,
                key,
                ({ minutes }) => `Too many reset requests for this address. Try again in ${minutes} min.`,
              );
            }
            // Callers that name no page get the console's: Better Auth's link leads nowhere without one.
            if (body.redirectTo === undefined) {
              return { context: { body: { ...body, redirectTo: new URL('/reset-password', config.publicUrl).href } } };
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: authHook(async (ctx) => {
            // Without a session the endpoint's own refusal answers; an impersonation session was
            // refused before this, by the impersonation guard.
            if (!(await getSessionFromCtx(ctx))) return;
            const { currentPassword, newPassword } = bodyOf(ctx.body);
            if (typeof newPassword === 'string' && newPassword === currentPassword) {
              throw APIError.from('BAD_REQUEST', errorOf('PASSWORD_UNCHANGED'));
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: authHook(async (ctx) => {
            const returned = ctx.context.returned as { user?: { email: string; name: string } } | null | undefined;
            if (isAPIError(returned) || !returned?.user) return;
            await sendPasswordChanged(dependencies, returned.user, changeFrom('changed', ctx.request, config));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
