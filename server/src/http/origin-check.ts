import type { MiddlewareHandler } from 'hono';
import { apiError } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const originOf = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
};

/**
 * Cross-site request forgery guard for our own API, with Better Auth's rule for `/api/auth`: a
 * state-changing call that carries cookies must come from a trusted origin (the Origin header, else
 * the Referer), and a call that names a foreign origin is refused even without cookies. Calls with
 * neither cookies nor an Origin (a script with an API key) have no ambient authority to abuse.
 * Bodies must be declared as what the route reads (JSON, or multipart for uploads): a text/plain
 * form post from another site is refused before any handler runs.
 */
export function originCheck(trustedOrigins: string[], isMultipart: (path: string) => boolean): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = originOf(c.req.header('origin') ?? c.req.header('referer'));
    const hasCookies = c.req.header('cookie') !== undefined;
    if ((origin !== undefined || hasCookies) && (origin === undefined || !trusted.has(origin))) {
      return apiError(c, 403, 'INVALID_ORIGIN');
    }
    if (WITH_BODY.has(c.req.method) && c.req.raw.body !== null) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const wanted = isMultipart(c.req.path) ? 'multipart/form-data' : 'application/json';
      if (type !== wanted) {
        return apiError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', `Send the request body as ${wanted}`);
      }
    }
    return next();
  };
}
