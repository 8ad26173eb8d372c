import { isAPIError } from 'better-auth/api';
import { authHook } from '../auth-hook';
import { CALLBACK_PATH } from './paths';

/** The sign-in screen, which says in words what went wrong (`?error=`). */
const SIGN_IN_SCREEN = '/auth';

/**
 * A return from a provider that Better Auth refuses before it can read where the sign-in started
 * (a forged or missing `state`) goes to its own error page; from a provider's return it goes to the
 * sign-in screen instead, with the same `error`. Other errors already go to the page the console
 * named (`errorCallbackURL`), and the OpenID provider's errors keep Better Auth's page.
 */
export const callbackErrorsToSignIn = {
  matcher: (ctx: { path?: string }) => ctx.path === CALLBACK_PATH,
  handler: authHook(async (ctx) => {
    // The answer's headers are the context's by now (Better Auth merged the error's into them).
    const location = isAPIError(ctx.context.returned) ? ctx.context.responseHeaders?.get('location') : null;
    if (!location) return;
    const errorPage = `${ctx.context.baseURL}/error`;
    const url = new URL(location, ctx.context.baseURL);
    if (`${url.origin}${url.pathname}` !== errorPage) return;
    ctx.context.responseHeaders?.set('location', `${SIGN_IN_SCREEN}${url.search}`);
  }),
};
