import crypto from 'node:crypto';
import { BASE_ERROR_CODES } from '@better-auth/core/error';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import type { Redis } from 'ioredis';
import { MAIL_SIGN_IN_LIMITS } from '#common/mail-sign-in';
import type { Config } from '../../env';
import { sharedLimiter } from '../../lib/limiter';
import { authHook } from '../auth-hook';
import { MAIL_SIGN_IN_PATHS } from '../auth-paths';
import { consumeOrRefuse } from '../limited';
import { errorOf } from '../plugin-error-codes';

const HOUR = 60 * 60;
const { sendLink, followLink, sendCode, checkCode } = MAIL_SIGN_IN_PATHS;
const GUARDED: ReadonlySet<string> = new Set([sendLink, sendCode, checkCode]);

const bodyOf = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {});

/**
 * The key of an address's counters: the address as accounts are matched (trimmed, lower case), hashed
 * so that Redis holds no address. One address names at most one account, so it counts per account
 * too; a counter keyed by account id would exist only for known addresses, and its refusals would
 * tell which have accounts.
 */
const addressKey = (email: string) => crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export interface MailSignInGuardDependencies {
  config: Pick<Config, 'publicUrl' | 'nodeEnv' | 'smtpUrl' | 'unsafeDisableRateLimit'>;
  redis?: Redis | undefined;
}

/**
 * What Better Auth's mail sign-in plugins leave to us (decision 0088): sends and code checks limited
 * per address, whoever asks and from wherever (a 429 with `Retry-After`, for known and unknown
 * addresses alike); calls from a page on another site refused; codes sent for signing in only (the
 * code plugin's other kinds verify addresses and reset passwords, ways we do not open); a link that
 * names no page lands on the console's; and, without a way to send mail, the same 503 for everyone.
 */
export function mailSignInGuard({ config, redis }: MailSignInGuardDependencies) {
  const sends = sharedLimiter(redis, {
    keyPrefix: 'gatehouse:mail-sign-in-send',
    points: MAIL_SIGN_IN_LIMITS.sendsPerAddressPerHour,
    duration: HOUR,
  });
  const checks = sharedLimiter(redis, {
    keyPrefix: 'gatehouse:mail-sign-in-check',
    points: MAIL_SIGN_IN_LIMITS.codeChecksPerAddressPerHour,
    duration: HOUR,
  });
  // As createMailer decides: in production without SMTP, no mail can leave.
  const mailDisabled = config.nodeEnv === 'production' && !config.smtpUrl;
  const consolePage = (path: string) => new URL(path, config.publicUrl).href;

  return {
    id: 'mail-sign-in-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => GUARDED.has(ctx.path ?? ''),
          handler: authHook(async (ctx) => {
            // Cookie-less calls pass Better Auth's origin check; a page on another site still may not send them.
            const origin = ctx.request?.headers.get('origin');
            if (origin && !ctx.context.isTrustedOrigin(origin))
              throw APIError.from('FORBIDDEN', BASE_ERROR_CODES.INVALID_ORIGIN);
            const body = bodyOf(ctx.body);
            const sending = ctx.path !== checkCode;
            if (ctx.path === sendCode && body.type !== 'sign-in')
              throw APIError.from('BAD_REQUEST', errorOf('MAIL_CODE_FOR_SIGN_IN_ONLY'));
            // The same answer for every address: a mail that can never arrive is said so to all.
            if (sending && mailDisabled) throw APIError.from('SERVICE_UNAVAILABLE', errorOf('MAIL_NOT_CONFIGURED'));
            if (typeof body.email === 'string' && !config.unsafeDisableRateLimit) {
              // Counted for every address asked about, known or not: the refusal tells nothing.
              await consumeOrRefuse(sending ? sends : checks, addressKey(body.email), ({ minutes }) =>
                sending
                  ? `Too many sign-in emails for this address. Try again in ${minutes} min.`
                  : `Too many sign-in codes tried for this address. Try again in ${minutes} min.`,
              );
            }
            // Callers that name no page get the console's: its /auth says why a link failed. A page
            // elsewhere is refused now, not in the mailbox of the person the link was sent to.
            if (ctx.path === sendLink) {
              for (const [field, error] of [
                ['callbackURL', BASE_ERROR_CODES.INVALID_CALLBACK_URL],
                ['newUserCallbackURL', BASE_ERROR_CODES.INVALID_NEW_USER_CALLBACK_URL],
                ['errorCallbackURL', BASE_ERROR_CODES.INVALID_ERROR_CALLBACK_URL],
              ] as const) {
                const url = body[field];
                if (
                  url !== undefined &&
                  (typeof url !== 'string' ||
                    !ctx.context.isTrustedOrigin(url, { allowRelativePaths: true }) ||
                    // A landing that says it failed would make a real sign-in read as a failure (audit, metrics).
                    (field === 'callbackURL' && new URL(url, config.publicUrl).searchParams.has('error')))
                )
                  throw APIError.from('FORBIDDEN', error);
              }
              return {
                context: {
                  body: {
                    ...body,
                    callbackURL: body.callbackURL ?? consolePage('/profile'),
                    errorCallbackURL: body.errorCallbackURL ?? consolePage('/auth'),
                  },
                },
              };
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Better Auth redirects a link's own failures to its error page; a refusal after them (the admin
 * plugin's, for a banned account) would show a browser a bare JSON error. This lands it on the page
 * too, as `?error=<code>`. Its answer is a Response of its own (a thrown redirect would keep the
 * refusal's status, which a browser does not follow), so it goes after the audit trail, which has
 * recorded the refusal by then.
 */
export function mailLinkLanding({ config }: Pick<MailSignInGuardDependencies, 'config'>) {
  return {
    id: 'mail-link-landing',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === followLink,
          handler: authHook(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || returned.statusCode < 400) return;
            const query = bodyOf(ctx.query);
            const page = typeof query.errorCallbackURL === 'string' ? query.errorCallbackURL : undefined;
            if (!page || !ctx.context.isTrustedOrigin(page, { allowRelativePaths: true })) return;
            const landing = new URL(page, config.publicUrl);
            landing.searchParams.set('error', typeof returned.body?.code === 'string' ? returned.body.code : 'FAILED');
            return new Response(null, { status: 302, headers: { location: landing.href } });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Better Auth keeps a sign-in code only for a known address (an unknown one's is deleted as it is
 * made), so its "expired" (400) and "too many tries" (403) would tell the two apart after a few wrong
 * codes. Every wrong code gets one answer, whatever the address: 400 `INVALID_OTP`. Done on the
 * answer, since a hook cannot change the status an endpoint refused with; the audit trail has
 * recorded the real reason by then.
 */
export function withOneWrongCodeAnswer(
  handler: (request: Request) => Promise<Response>,
  basePath: string,
): (request: Request) => Promise<Response> {
  const path = `${basePath}${checkCode}`;
  return async (request) => {
    const response = await handler(request);
    if ((response.status !== 400 && response.status !== 403) || new URL(request.url).pathname !== path) return response;
    const body = (await response
      .clone()
      .json()
      .catch(() => undefined)) as { code?: unknown } | undefined;
    if (body?.code !== 'OTP_EXPIRED' && body?.code !== 'TOO_MANY_ATTEMPTS') return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    // Byte for byte as Better Auth answers a wrong code.
    return Response.json({ message: 'Invalid OTP', code: 'INVALID_OTP' }, { status: 400, headers });
  };
}
