import { deleteSessionCookie } from 'better-auth/cookies';
import { afterEndpointPlugin } from '../after-endpoint-plugin';

/**
 * A verification link signs its visitor in (`autoSignInAfterVerification`), and Better Auth's
 * two-factor plugin asks for the second factor only after a password. For an account with
 * two-factor on, such a link would be a way in with the inbox alone: the address is verified as
 * usual, but the session the link made is ended at once, so the person signs in with the password
 * and a code. A visitor already signed in to the account keeps their session.
 */
export function verificationLinkNeedsSecondFactor() {
  return afterEndpointPlugin('verification-link-needs-second-factor', '/verify-email', async (ctx) => {
    const created = ctx.context.newSession;
    if (!(created?.user as { twoFactorEnabled?: unknown } | undefined)?.twoFactorEnabled) return;
    const cookie = ctx.context.authCookies.sessionToken.name;
    const held = await ctx.getSignedCookie(cookie, ctx.context.secret);
    if (held === created!.session.token) return;
    await ctx.context.internalAdapter.deleteSession(created!.session.token);
    deleteSessionCookie(ctx, true);
    ctx.context.setNewSession(null);
  });
}
