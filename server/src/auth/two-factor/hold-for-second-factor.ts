import { createHMAC } from '@better-auth/utils/hmac';
import type { BetterAuthPlugin } from 'better-auth';
import { deleteSessionCookie, expireCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { SECOND_FACTOR_STEP } from '#common/mail-sign-in';
import { TRUST_DEVICE_DAYS } from '#common/two-factor';
import { authHook, type HookContext } from '../auth-hook';
import { forgetEndedTrustedDevice } from './trusted-devices';

/**
 * How a held sign-in answers: `json` as Better Auth's password step does (`{ twoFactorRedirect,
 * twoFactorMethods }`, for calls the console makes), or `redirect` to the console page that asks for
 * the second factor (for links a browser follows: a mailed link, a provider's callback).
 */
export type HoldAnswer = { kind: 'json' } | { kind: 'redirect'; to: string };

/** Better Auth's two-factor plugin settings this mirrors; ours leaves both at what `twoFactorPlugins` sets. */
const TRUST_DEVICE_SECONDS = TRUST_DEVICE_DAYS * 24 * 60 * 60;
/** The plugin's `twoFactorCookieMaxAge` default: a held sign-in waits 10 minutes for its code. */
const PENDING_SECONDS = 600;
/** Better Auth's cookie of a trusted device, and its verification values (`trust-device-…`). */
const TRUST_DEVICE_COOKIE = 'trust_device';

/** Whether the signed trusted-device cookie is a live device of this account, as the plugin checks it. */
async function trustedDevice(ctx: HookContext, userId: string, cookie: string | false | null) {
  if (!cookie) return false;
  const [token, identifier] = cookie.split('!');
  if (!token || !identifier) return false;
  const expected = await createHMAC('SHA-256', 'base64urlnopad').sign(ctx.context.secret, `${userId}!${identifier}`);
  if (token !== expected) return false;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return !!record && record.value === userId && new Date(record.expiresAt).getTime() > Date.now();
}

/** The console page where a held sign-in asks for its second factor (its `/auth` reads the flag). */
export const SECOND_FACTOR_PAGE = `/auth?${SECOND_FACTOR_STEP.param}=${SECOND_FACTOR_STEP.value}`;

/** Who each held sign-in is for, by its request: the answer names nobody until the code is given. */
const heldFor = new WeakMap<object, string>();

/** The account a sign-in this request made was held for, if it was (for the audit of that way in). */
export function heldSignInUserId(ctx: HookContext): string | undefined {
  const key = ctx.headers ?? ctx.request;
  return key ? heldFor.get(key) : undefined;
}

/**
 * Better Auth's two-factor plugin holds only its password step (`/sign-in/email`) for the second
 * factor: any other way in with an account's first factor (a mailed link or code, a provider) would
 * hand over a session on that alone. This plugin does, after each of `paths`, what the plugin's own
 * after-hook does (decision 0089): for an account with two-factor on, the new session and its cookie
 * go, a pending sign-in is opened (`2fa-…` and its attempts count, the signed `two_factor` cookie)
 * that the plugin's code steps complete; a live trusted-device cookie skips it and is renewed, as the
 * plugin renews it. Then the answer is JSON or a redirect, by path. Place it right after the
 * two-factor plugins: later hooks must see the held sign-in as none.
 */
export function holdForSecondFactor(id: string, paths: Readonly<Record<string, HoldAnswer>>) {
  const held = (path: string | undefined) => path !== undefined && Object.hasOwn(paths, path);
  return {
    id,
    hooks: {
      before: [
        // A device trusted before its account ended them is forgotten first (decision 0059).
        { matcher: (ctx) => held(ctx.path), handler: authHook(forgetEndedTrustedDevice) },
      ],
      after: [
        {
          matcher: (ctx) => held(ctx.path),
          handler: authHook(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created) return;
            // Read again, not from the new session: the sign-in may have just changed the account (a
            // claimed address loses its two-factor secret, decision 0057).
            const user = await ctx.context.internalAdapter.findUserById(created.user.id);
            if (!(user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled) return;

            const trustCookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE, { maxAge: TRUST_DEVICE_SECONDS });
            const signedTrust = await ctx.getSignedCookie(trustCookie.name, ctx.context.secret);
            if (await trustedDevice(ctx, user!.id, signedTrust)) {
              // Renewed under a new identifier, the old one gone, as the plugin does.
              await ctx.context.internalAdapter.deleteVerificationByIdentifier((signedTrust as string).split('!')[1]!);
              const identifier = `trust-device-${generateRandomString(32)}`;
              const token = await createHMAC('SHA-256', 'base64urlnopad').sign(
                ctx.context.secret,
                `${user!.id}!${identifier}`,
              );
              await ctx.context.internalAdapter.createVerificationValue({
                value: user!.id,
                identifier,
                expiresAt: new Date(Date.now() + TRUST_DEVICE_SECONDS * 1000),
              });
              await ctx.setSignedCookie(
                trustCookie.name,
                `${token}!${identifier}`,
                ctx.context.secret,
                trustCookie.attributes,
              );
              return;
            }
            if (signedTrust) expireCookie(ctx, trustCookie);

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(created.session.token);
            ctx.context.setNewSession(null);
            const pending = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + PENDING_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: user!.id,
              identifier: pending,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${pending}`,
              expiresAt,
            });
            // Named as the plugin names it (`twoFactorCookieName`), so its code steps find the pending sign-in.
            const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: PENDING_SECONDS });
            await ctx.setSignedCookie(cookie.name, pending, ctx.context.secret, cookie.attributes);
            const key = ctx.headers ?? ctx.request;
            if (key) heldFor.set(key, user!.id);

            const answer = paths[ctx.path!]!;
            if (answer.kind === 'redirect') throw ctx.redirect(new URL(answer.to, ctx.context.baseURL).href);
            // An authenticator app only: codes by mail for the second factor are not set up (no `otpOptions`).
            const secret = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: user!.id }],
            });
            const twoFactorMethods = secret && secret.verified !== false ? ['totp'] : [];
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
