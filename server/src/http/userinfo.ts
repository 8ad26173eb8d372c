import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import { NOT_STORED } from './session';

/**
 * The provider's userinfo endpoint, answered directly for the common request (decision 0083):
 * applications call it for every person they serve. Whatever the reader does not vouch for goes on
 * to the provider's own endpoint, which answers it as it would have.
 */
export function userInfoFastPath(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    // A DPoP proof or a token in a POST body is the provider's to read.
    if (c.req.method !== 'GET' || c.req.header('dpop') !== undefined) return next();
    const claims = await auth.readUserInfo(c.req.header('authorization'));
    if (!claims) return next();
    return c.json(claims, 200, NOT_STORED);
  };
}
