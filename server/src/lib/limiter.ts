import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A counter of `points` per key over `duration` seconds, under `keyPrefix`. */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** Shared by every instance through Redis; while Redis is away, each instance counts on its own. */
export function sharedLimiter(redis: Redis | undefined, options: LimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  return redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;
}
