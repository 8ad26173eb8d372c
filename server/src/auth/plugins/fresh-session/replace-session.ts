import { authHook } from '../../auth-hook';
import { isSignInStep } from '../../auth-paths';

/**
 * A sign-in in a browser that already holds a session of the same account replaces that session:
 * the new cookie overwrites the old one, so the old session could never be used again from here,
 * yet it would stay listed among the account's sessions, and valid for whoever copied its cookie.
 * A session of another account is left alone (its owner's to end).
 */
export const replaceSessionOnSignIn = {
  // Every way in (a guest's sign-in makes a new account, so it never matches one held).
  matcher: (ctx: { path?: string }) => isSignInStep(ctx.path),
  handler: authHook(async (ctx) => {
    const signedIn = ctx.context.newSession;
    if (!signedIn) return;
    // The cookie the request came with: the response's new cookie is not read here.
    const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!previous || previous === signedIn.session.token) return;
    const found = await ctx.context.internalAdapter.findSession(previous);
    if (found?.session.userId === signedIn.user.id) await ctx.context.internalAdapter.deleteSession(previous);
  }),
};
