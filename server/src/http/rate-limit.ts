import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { API_KEY_HEADER } from '#common/api-keys';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth';
import { hasOwnRateLimit, limiterPathOf } from '../auth/own-rate-limits';
import { sharedLimiter } from '../lib/limiter';
import { apiError } from './api-error';
import { clientAddressOf } from './client-address';
import { sessionReadOf } from './session';

/**
 * Requests per minute, all of them and those that write: for each signed-in account (or API key),
 * wherever it calls from, and for each client address, of the requests that prove no account.
 * Sign-in, sign-up, reset and code checks keep Better Auth's own tighter limits (decision 0064).
 */
export const API_RATE_LIMITS = {
  perAccount: { all: 600, writes: 60 },
  perAddress: { all: 600, writes: 60 },
} as const;
/**
 * Failed password sign-ins one account may take in 15 minutes, from every address together (each
 * address also has Better Auth's 3 per 10 s): guessing spread over many addresses stays slow. Only
 * failures count, so the owner signing in is held up only while someone is failing at it.
 */
export const FAILED_SIGN_INS_PER_ACCOUNT = { points: 10, minutes: 15 } as const;
const PASSWORD_SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;
const WINDOW_SECONDS = 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const limiter = (name: string, points: number, redis: Redis | undefined, duration = WINDOW_SECONDS) =>
  sharedLimiter(redis, { keyPrefix: `gatehouse:api-rate:${name}`, points, duration });

type Caller = { bucket: 'perAccount' | 'perAddress'; key: string; apiKey?: boolean };

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Limits `/api/v1`, the session check and Better Auth's other endpoints per caller: a signed-in
 * account by its id (an impersonation by the admin behind it), an API key by itself, anyone else by
 * client address (resolved as Better Auth resolves it, trusted proxies included). The session read
 * here is the one the route then uses: no second lookup. In memory, or in Redis for every instance.
 */
export function apiRateLimit({ auth, redis }: { auth: Auth; redis: Redis | undefined }): MiddlewareHandler {
  const limiters = {
    perAccount: {
      all: limiter('account', API_RATE_LIMITS.perAccount.all, redis),
      writes: limiter('account-writes', API_RATE_LIMITS.perAccount.writes, redis),
    },
    perAddress: {
      all: limiter('all', API_RATE_LIMITS.perAddress.all, redis),
      writes: limiter('writes', API_RATE_LIMITS.perAddress.writes, redis),
    },
  };
  const failures = limiter(
    'sign-in-failures',
    FAILED_SIGN_INS_PER_ACCOUNT.points,
    redis,
    FAILED_SIGN_INS_PER_ACCOUNT.minutes * 60,
  );
  const addressOf = (c: Context) => `address:${clientAddressOf(c, auth.options) ?? 'unknown'}`;

  const callerOf = async (c: Context): Promise<Caller> => {
    const key = c.req.header(API_KEY_HEADER);
    // Better Auth's endpoints take no API keys (decision 0013): there the session decides.
    if (key !== undefined && !c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) {
      return { bucket: 'perAccount', key: `api-key:${sha256(key)}`, apiKey: true };
    }
    const read = await sessionReadOf(auth, c);
    if (read.kind !== 'signed-in') return { bucket: 'perAddress', key: addressOf(c) };
    // The person at the keyboard: an admin looking as someone else spends the admin's allowance.
    const { impersonatedBy } = read.session as { impersonatedBy?: unknown };
    return {
      bucket: 'perAccount',
      key: `account:${typeof impersonatedBy === 'string' ? impersonatedBy : read.user.id}`,
    };
  };

  const refuse = (c: Context, msBeforeNext: number) => {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    c.header('retry-after', String(seconds));
    return apiError(c, 429, 'RATE_LIMITED', `Too many requests. Try again in ${seconds} s.`);
  };

  /** A password sign-in, counted against the account it names (known or not: the answer tells nothing). */
  const passwordSignIn: MiddlewareHandler = async (c, next) => {
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    const email = (body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return next();
    const key = sha256(email.trim().toLowerCase());
    const spent = await failures.get(key);
    if (spent && spent.consumedPoints >= FAILED_SIGN_INS_PER_ACCOUNT.points) {
      const minutes = Math.max(1, Math.ceil(spent.msBeforeNext / 60_000));
      c.header('retry-after', String(Math.max(1, Math.ceil(spent.msBeforeNext / 1000))));
      return apiError(
        c,
        429,
        'RATE_LIMITED',
        `Too many failed sign-ins for this account. Try again in ${minutes} min.`,
      );
    }
    await next();
    if (c.res.status === 401) await failures.penalty(key);
  };

  return async (c, next) => {
    if (c.req.method === 'POST' && c.req.path === PASSWORD_SIGN_IN_PATH) return passwordSignIn(c, next);
    if (
      c.req.path.startsWith(`${AUTH_BASE_PATH}/`) &&
      hasOwnRateLimit(auth.options, limiterPathOf(c.req.url, AUTH_BASE_PATH))
    ) {
      return next();
    }
    const caller = await callerOf(c);
    const { all, writes } = limiters[caller.bucket];
    const address = caller.apiKey ? addressOf(c) : undefined;
    try {
      // A key proves nothing until checked: an address whose made-up keys were refused is out of turns.
      if (address) {
        const spent = await limiters.perAddress.all.get(address);
        if (spent && spent.consumedPoints >= API_RATE_LIMITS.perAddress.all) return refuse(c, spent.msBeforeNext);
      }
      await all.consume(caller.key);
      if (!SAFE_METHODS.has(c.req.method)) await writes.consume(caller.key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return refuse(c, rejection.msBeforeNext);
    }
    await next();
    if (address && c.res.status === 401) {
      await limiters.perAddress.all.penalty(address);
    }
  };
}
