import { normalizePathname } from '@better-auth/core/utils/url';
import type { BetterAuthOptions } from 'better-auth';

/** Better Auth's own tight rules (it does not export them): sign-in, sign-up, password and mail sends. */
const SPECIAL_PREFIXES = ['/sign-in', '/sign-up', '/change-password', '/change-email', '/forget-password'];
const SPECIAL_PATHS = new Set([
  '/request-password-reset',
  '/send-verification-email',
  '/email-otp/send-verification-otp',
  '/email-otp/request-password-reset',
]);

/** A request's path as Better Auth's limiter names it: without the base path, no trailing slash. */
export const limiterPathOf = (url: string, basePath: string) => normalizePathname(url, basePath);

/**
 * Whether Better Auth limits this path by a rule tighter than its default (one of its special rules,
 * a plugin's rule, one of our custom rules): those steps check a password, a code or send a mail, and
 * stay limited per client address. Every other path is limited per caller (`apiRateLimit`).
 */
export function hasOwnRateLimit(options: BetterAuthOptions, path: string): boolean {
  if (SPECIAL_PREFIXES.some((prefix) => path.startsWith(prefix)) || SPECIAL_PATHS.has(path)) return true;
  if (options.plugins?.some((plugin) => plugin.rateLimit?.some((rule) => rule.pathMatcher(path)))) return true;
  return Object.keys(options.rateLimit?.customRules ?? {}).includes(path);
}
