import type { BetterAuthPlugin } from 'better-auth';
import { getSessionFromCtx, isAPIError } from 'better-auth/api';
import { parseSetCookieHeader } from 'better-auth/cookies';
import type { Logger } from '../../lib/logger';
import { authHook } from '../auth-hook';
import { isCodeStep, isFirstStep, twoFactorCookieName } from '../auth-paths';
import { CALLBACK_PATH } from '../identity-providers/paths';
import { GUEST_UPGRADE_ERROR_CODES } from './error-codes';
import type { GuestLink } from './link';

/** How long a pending two-factor sign-in lasts (the plugin's `twoFactorCookieMaxAge`, left at its default). */
const CHALLENGE_SECONDS = 600;

const recordOf = (challenge: string) => `guest-upgrade-${challenge}`;

/**
 * Better Auth's anonymous plugin links a guest only when the sign-in is complete; with two-factor on,
 * the password step ends the guest's cookie and the code step links nothing (decision 0038). So the
 * password step remembers, server-side and under the pending sign-in's own signed identifier, which
 * guest session the request came with; the code step that completes that sign-in moves the guest's
 * work and deletes the guest. Nothing the client sends names the guest.
 */
export function guestUpgradeAfterSecondFactor(link: GuestLink, logger: Logger) {
  return {
    id: 'guest-upgrade',
    hooks: {
      after: [
        {
          // Any first step held for its code: the password, or one our `holdForSecondFactor` holds
          // (a provider's return among them).
          matcher: (ctx) => isFirstStep(ctx.path) || ctx.path === CALLBACK_PATH,
          handler: authHook(async (ctx) => {
            const cookie = twoFactorCookieName(ctx.context);
            const setCookie = ctx.context.responseHeaders?.get('set-cookie') ?? '';
            // Written by the two-factor plugin in this response: `identifier.signature`.
            const challenge = decodeURIComponent(parseSetCookieHeader(setCookie).get(cookie)?.value ?? '').split(
              '.',
            )[0];
            if (!challenge) return;
            const held = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
            if (!held?.user.isAnonymous) return;
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: recordOf(challenge),
              value: held.session.token,
              expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
            });
          }),
        },
        {
          matcher: (ctx) => isCodeStep(ctx.path),
          handler: authHook(async (ctx) => {
            const account = ctx.context.newSession;
            if (!account || account.user.isAnonymous || isAPIError(ctx.context.returned)) return;
            const cookie = twoFactorCookieName(ctx.context);
            const challenge = await ctx.getSignedCookie(cookie, ctx.context.secret);
            if (!challenge) return;
            const record = await ctx.context.internalAdapter.consumeVerificationValue(recordOf(challenge));
            if (!record) return;
            const guest = await ctx.context.internalAdapter.findSession(record.value);
            if (!guest?.user.isAnonymous || guest.user.id === account.user.id) return;
            if (new Date(guest.session.expiresAt).getTime() <= Date.now()) return;
            await link(ctx, guest, account);
            await ctx.context.internalAdapter.deleteUser(guest.user.id).catch((error: unknown) =>
              // Emptied already: the guest sweep deletes it later.
              logger.warn('guest left after its upgrade', { guestId: guest.user.id, error: String(error) }),
            );
          }),
        },
      ],
    },
    $ERROR_CODES: GUEST_UPGRADE_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
