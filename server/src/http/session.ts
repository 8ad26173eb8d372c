import type { Context, MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import { isBanned } from '../auth/banned';
import type { SessionRead } from '../auth/session-reader';
import { API_KEY_HEADER } from '#common/api-keys';
import type { ErrorCode } from '#common/error-codes';
import { apiError } from './api-error';

type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type AuthUser = SessionResult['user'];

export interface Principal {
  user: AuthUser;
  /** How the caller proved who they are: the session cookie, or an API key (`x-api-key`). */
  via: 'session' | 'api-key';
  /** The admin behind the session when it is an impersonation; never set for an API key. */
  impersonatedBy?: string | undefined;
}
export interface PrincipalVariables {
  principal: Principal;
}

type Outcome =
  | { principal: Principal }
  | { status: 401 | 403 | 429; code: ErrorCode; detail?: string | undefined; retryAfterSeconds?: number | undefined }
  | null;

/**
 * What the request's session cookie proves, read once per request: the rate limit reads it to know
 * whom to count, and the route then takes the same answer.
 */
export async function sessionReadOf(auth: Auth, c: Context): Promise<SessionRead> {
  const known = c.get('sessionRead') as SessionRead | undefined;
  if (known) return known;
  const read = await auth.readSession(c.req.raw.headers);
  c.set('sessionRead', read);
  return read;
}

const viaSession = (user: AuthUser, { impersonatedBy }: Record<string, unknown>): Outcome => ({
  principal: { user, via: 'session', impersonatedBy: typeof impersonatedBy === 'string' ? impersonatedBy : undefined },
});

export interface AuthenticateOptions {
  /** Whether an API key (`x-api-key`) may stand in for the session on this route. */
  apiKey: boolean;
}

/**
 * Our `/api/v1` routes accept the session cookie, and the few meant for scripts also an API key in
 * `x-api-key`. API keys never reach Better Auth's own `/api/auth` endpoints nor admin routes: a key
 * can call the API, never manage an account.
 */
async function authenticate(auth: Auth, c: Context, { apiKey }: AuthenticateOptions): Promise<Outcome> {
  const key = c.req.header(API_KEY_HEADER);
  if (key !== undefined) {
    if (!apiKey) return { status: 403, code: 'API_KEY_NOT_ALLOWED' };
    const result = await auth.api.verifyApiKey({ body: { key } });
    if (!result.valid || !result.key) {
      const code = result.error?.code;
      const tryAgainInMs = (result.error as { details?: { tryAgainIn?: unknown } } | null)?.details?.tryAgainIn;
      return {
        status: code === 'RATE_LIMITED' ? 429 : 401,
        code: code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'INVALID_API_KEY',
        // Better Auth's words for why the key was refused (expired, disabled, limited).
        detail: typeof result.error?.message === 'string' ? result.error.message : undefined,
        retryAfterSeconds:
          code === 'RATE_LIMITED'
            ? Math.max(1, Math.ceil((typeof tryAgainInMs === 'number' ? tryAgainInMs : 60_000) / 1000))
            : undefined,
      };
    }
    const owner = result.key as { referenceId?: string; userId?: string };
    const ownerId = owner.referenceId ?? owner.userId;
    const found = ownerId ? await (await auth.$context).internalAdapter.findUserById(ownerId) : null;
    if (!found || isBanned(found)) return { status: 401, code: 'INVALID_API_KEY' };
    return { principal: { user: found as AuthUser, via: 'api-key' } };
  }
  const read = await sessionReadOf(auth, c);
  if (read.kind === 'signed-in') return viaSession(read.user as AuthUser, read.session);
  if (read.kind !== 'defer') return null;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  return session ? viaSession(session.user, session.session) : null;
}

export function requireUser(
  auth: Auth,
  options: AuthenticateOptions = { apiKey: false },
): MiddlewareHandler<{ Variables: PrincipalVariables }> {
  return async (c, next) => {
    const outcome = await authenticate(auth, c, options);
    if (!outcome) {
      return apiError(c, 401, 'UNAUTHORIZED');
    }
    if ('status' in outcome) {
      if (outcome.retryAfterSeconds) c.header('retry-after', String(outcome.retryAfterSeconds));
      return apiError(c, outcome.status, outcome.code, outcome.detail);
    }
    c.set('principal', outcome.principal);
    await next();
  };
}

/** The caller when there is one (for routes that also serve visitors). */
export async function optionalUser(auth: Auth, c: Context, options: AuthenticateOptions): Promise<AuthUser | null> {
  const outcome = await authenticate(auth, c, options);
  return outcome && 'principal' in outcome ? outcome.principal.user : null;
}

/** An answer no cache may keep: it holds a session, claims or a secret. */
export const NOT_STORED = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * `GET /api/auth/get-session` answered from the session reader when it can answer alone (the
 * console asks it on every screen); anything else goes on to Better Auth's own endpoint.
 */
export function getSessionFastPath(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    // Hono routes HEAD here too; query options (disableRefresh, disableCookieCache) and API keys are
    // Better Auth's to read.
    if (c.req.method !== 'GET' || c.req.url.includes('?') || c.req.header(API_KEY_HEADER) !== undefined) return next();
    const read = await sessionReadOf(auth, c);
    if (read.kind === 'defer') return next();
    // Headers handed over with the body, not set one by one: the answer is then built once.
    return c.json(read.kind === 'signed-in' ? { session: read.session, user: read.user } : null, 200, NOT_STORED);
  };
}
