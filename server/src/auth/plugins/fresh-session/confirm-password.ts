import { BASE_ERROR_CODES } from '@better-auth/core/error';
import { APIError, createAuthEndpoint, sensitiveSessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import * as z from 'zod';
import { PASSWORD_MAX_LENGTH } from '#common/validation';
import { FRESH_SESSION_ERROR_CODES } from './error-codes';

export const FRESH_SESSION_PATH = '/fresh-session';

/**
 * Makes the caller's session fresh again (Better Auth's `freshAge`: listing sessions, adding a
 * passkey) by their password: a new session replaces the old one, cookie included, as a sign-in
 * would make, but for the signed-in account only and without a second sign-in step (the session
 * already passed it). The old session ends at once.
 */
export const confirmPassword = createAuthEndpoint(
  FRESH_SESSION_PATH,
  {
    method: 'POST',
    body: z.object({
      password: z.string().min(1).max(PASSWORD_MAX_LENGTH).meta({ description: "The signed-in account's password" }),
    }),
    use: [sensitiveSessionMiddleware],
    requireHeaders: true,
    metadata: {
      openapi: {
        operationId: 'freshSession',
        description:
          'Confirm the password of the signed-in account: its session is replaced by a fresh one (new cookie)',
        responses: {
          200: {
            description: 'The new session is set in the cookie; the old one is ended',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { status: { type: 'boolean' } }, required: ['status'] },
              },
            },
          },
        },
      },
    },
  },
  async (ctx) => {
    const { session, user } = ctx.context.session;
    // The admin behind it does not know the password, and a new session would drop the impersonation.
    if (session.impersonatedBy) throw APIError.from('FORBIDDEN', FRESH_SESSION_ERROR_CODES.NOT_WHILE_IMPERSONATING);
    const accounts = await ctx.context.internalAdapter.findAccounts(user.id);
    const hash = accounts.find((account) => account.providerId === 'credential')?.password;
    if (!hash) throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await ctx.context.password.verify({ hash, password: ctx.body.password }))) {
      throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.INVALID_PASSWORD);
    }
    // A session kept for this browser only stays so.
    const { dontRememberToken } = ctx.context.authCookies;
    const dontRememberMe = Boolean(await ctx.getSignedCookie(dontRememberToken.name, ctx.context.secret));
    const fresh = await ctx.context.internalAdapter.createSession(user.id, dontRememberMe);
    await setSessionCookie(ctx, { session: fresh, user }, dontRememberMe);
    await ctx.context.internalAdapter.deleteSession(session.token);
    return ctx.json({ status: true });
  },
);
