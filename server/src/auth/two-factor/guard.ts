import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Database } from '../../db/database';
import { authHook, type HookContext } from '../auth-hook';
import { isCodeStep, isPasswordStep, twoFactorCookieName } from '../auth-paths';
import { countCodeAttempt, type CountedAttempt } from './code-lock';
import { TWO_FACTOR_GUARD_ERROR_CODES } from './error-codes';
import { endTrustedDevices, forgetEndedTrustedDevice } from './trusted-devices';
import { recordCodeUse } from './used-codes';

const VERIFY_TOTP = '/two-factor/verify-totp';
/** Better Auth's answers to a code that was checked and wrong (ours: one already used). */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE', 'CODE_ALREADY_USED']);
/** What ends the devices an account trusts: turning two-factor off (a new secret follows), a new password. */
const TRUST_ENDING_PATHS = new Set([
  '/two-factor/disable',
  '/change-password',
  '/reset-password',
  '/admin/set-user-password',
]);

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const fieldsOf = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * Whose code a code step checks: the signed-in person's (confirming an authenticator), else the
 * account of the pending sign-in its cookie names. Better Auth's two-factor plugin decides the same.
 */
async function codeStepUser(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
  if (session) return { userId: session.user.id, signingIn: false };
  const identifier = await ctx.getSignedCookie(twoFactorCookieName(ctx.context), ctx.context.secret);
  const pending = identifier ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
  // An expired sign-in is refused by the endpoint, its code unchecked: nothing is counted or spent.
  if (!pending || new Date(pending.expiresAt).getTime() <= Date.now()) return undefined;
  return { userId: pending.value, signingIn: true };
}

/** Whose devices a request that may end them is about (it ends them only if it succeeds). */
async function trustEndingUser(ctx: HookContext): Promise<string | undefined> {
  const body = fieldsOf(ctx.body);
  if (ctx.path === '/admin/set-user-password') return text(body.userId);
  if (ctx.path === '/reset-password') {
    const token = text(body.token) ?? text(fieldsOf(ctx.query).token);
    if (!token) return undefined;
    return (await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`))?.value;
  }
  return (await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null))?.user.id;
}

/**
 * What Better Auth's two-factor plugin leaves open, closed (decision 0058, 0059): an authenticator
 * code signs in once; wrong codes are counted before they are checked, so parallel attempts never
 * get past the lock; and a new secret, an admin's reset or a new password end every trusted device.
 */
export function twoFactorGuard(database: Database) {
  /** By the headers of one endpoint call (each call has its own): its counted code attempt. */
  const attempts = new WeakMap<object, CountedAttempt>();
  /** The same, for the account whose trusted devices the call ends if it succeeds. */
  const trustEnding = new WeakMap<object, string>();
  const keyOf = (ctx: HookContext) => ctx.headers ?? ctx.request;

  return {
    id: 'two-factor-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => isCodeStep(ctx.path),
          handler: authHook(async (ctx) => {
            const who = await codeStepUser(ctx);
            if (!who) return;
            // Counted only for a sign-in: someone signed in confirming an app is no attempt on the account.
            const attempt = who.signingIn ? await countCodeAttempt(ctx, who.userId) : undefined;
            try {
              if (ctx.path === VERIFY_TOTP) {
                const use = await recordCodeUse(ctx, database, who.userId, fieldsOf(ctx.body).code);
                if (use === 'already-used') {
                  await attempt?.failed();
                  throw APIError.from('UNAUTHORIZED', TWO_FACTOR_GUARD_ERROR_CODES.CODE_ALREADY_USED);
                }
              }
            } catch (error) {
              if (!isAPIError(error)) await attempt?.notChecked();
              throw error;
            }
            const key = keyOf(ctx);
            if (attempt && key) attempts.set(key, attempt);
          }),
        },
        {
          // The password step, where Better Auth's two-factor plugin reads the trusted-device cookie.
          matcher: (ctx) => isPasswordStep(ctx.path),
          handler: authHook(forgetEndedTrustedDevice),
        },
        {
          matcher: (ctx) => TRUST_ENDING_PATHS.has(ctx.path ?? ''),
          handler: authHook(async (ctx) => {
            const key = keyOf(ctx);
            const userId = key ? await trustEndingUser(ctx) : undefined;
            if (key && userId) trustEnding.set(key, userId);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => isCodeStep(ctx.path),
          handler: authHook(async (ctx) => {
            const key = keyOf(ctx);
            const attempt = key ? attempts.get(key) : undefined;
            if (!attempt) return;
            attempts.delete(key!);
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) return attempt.succeeded();
            const code = text(fieldsOf(returned.body).code);
            return code && WRONG_CODE.has(code) ? attempt.failed() : attempt.notChecked();
          }),
        },
        {
          matcher: (ctx) => TRUST_ENDING_PATHS.has(ctx.path ?? ''),
          handler: authHook(async (ctx) => {
            const key = keyOf(ctx);
            const userId = key ? trustEnding.get(key) : undefined;
            if (!userId || isAPIError(ctx.context.returned)) return;
            await endTrustedDevices(ctx.context.internalAdapter, userId);
          }),
        },
      ],
    },
    $ERROR_CODES: TWO_FACTOR_GUARD_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
