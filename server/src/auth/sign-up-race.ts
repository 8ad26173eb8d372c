import { BASE_ERROR_CODES } from '@better-auth/core/error';
import { APIError, isAPIError } from 'better-auth/api';
import { afterEndpointPlugin } from './after-endpoint-plugin';

/**
 * Sign-ups racing for one address. Better Auth checks that the address is free, then inserts the user;
 * two sign-ups at once both pass the check, and the unique constraint on `user.email` (created by Better
 * Auth's migration on SQLite and PostgreSQL alike) lets one insert through. The others fail with
 * "Failed to create user", which says nothing useful. They get what a sign-up with a taken address gets.
 */
export function signUpRace() {
  return afterEndpointPlugin('sign-up-race', '/sign-up/email', async (ctx) => {
    const returned = ctx.context.returned;
    if (!isAPIError(returned) || returned.body?.code !== 'FAILED_TO_CREATE_USER') return;
    // With verification required or auto sign-in off, Better Auth answers a taken address with a
    // made-up success so as not to reveal it; a 422 here would reveal it, so those setups are left be.
    const { requireEmailVerification, autoSignIn } = ctx.context.options.emailAndPassword ?? {};
    if (requireEmailVerification || autoSignIn === false) return;
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    // Better Auth stores addresses in lower case.
    const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
    if (existing) throw APIError.from('UNPROCESSABLE_ENTITY', BASE_ERROR_CODES.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL);
  });
}
