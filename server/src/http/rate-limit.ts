import type { MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Auth } from '../auth/auth';
import { apiError } from './api-error';
import { clientAddressOf } from './client-address';

/** Requests one client address may make to `/api/v1` per minute: all of them, and those that write. */
export const API_RATE_LIMITS = { all: 600, writes: 60 } as const;
const WINDOW_SECONDS = 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function limiter(name: string, points: number, redis: Redis | undefined): RateLimiterAbstract {
  const options = { keyPrefix: `gatehouse:api-rate:${name}`, points, duration: WINDOW_SECONDS };
  const memory = new RateLimiterMemory(options);
  // Shared by every instance through Redis; while Redis is away, each instance counts on its own.
  return redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;
}

/**
 * Better Auth limits `/api/auth`; this limits our own `/api/v1` the same way: per client address
 * (resolved as Better Auth resolves it, trusted proxies included), in memory or in Redis.
 */
export function apiRateLimit({ auth, redis }: { auth: Auth; redis: Redis | undefined }): MiddlewareHandler {
  const all = limiter('all', API_RATE_LIMITS.all, redis);
  const writes = limiter('writes', API_RATE_LIMITS.writes, redis);
  return async (c, next) => {
    const address = clientAddressOf(c, auth.options) ?? 'unknown';
    try {
      await all.consume(address);
      if (!SAFE_METHODS.has(c.req.method)) await writes.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      c.header('retry-after', String(seconds));
      return apiError(c, 429, 'RATE_LIMITED', `Too many requests. Try again in ${seconds} s.`);
    }
    return next();
  };
}
