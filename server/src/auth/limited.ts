import { APIError } from 'better-auth/api';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How long a refused caller waits, rounded up. */
export interface Wait {
  seconds: number;
  minutes: number;
}

/**
 * Consumes one point of a limiter (`sharedLimiter`) for `key`, or refuses as Better Auth's own limits
 * do: 429 `RATE_LIMITED` with `Retry-After`, in words that say how long to wait.
 */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, message: (wait: Wait) => string) {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    const wait = { seconds, minutes: Math.max(1, Math.ceil(rejection.msBeforeNext / 60_000)) };
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'RATE_LIMITED', message: message(wait) },
      { 'retry-after': String(seconds) },
    );
  }
}
