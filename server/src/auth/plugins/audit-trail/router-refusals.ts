import { getIP } from '@better-auth/core/utils/ip';
import type { AuditEventInput } from '../../../audit/audit-log';
import { eventOf, fieldsOf, isAudited, text, type Before } from './events';

/**
 * Better Auth's refusals before any plugin's hook runs (its router's check of the Origin and of the
 * addresses a request asks to be sent to), each a 403 with one of these codes. Its limiter's 429s
 * are left out: a flood of them would only fill the trail.
 */
const ROUTER_REFUSALS = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
]);

/** What the HTTP handler lends the trail to record a refusal that no hook saw. */
export interface RefusalReader {
  /** Where Better Auth's routes are mounted. */
  basePath: string;
  /** Better Auth's options, for the client's address as its hooks read it. */
  options: Parameters<typeof getIP>[1];
  /** The signed-in user of the request, if any. */
  userOf: (headers: Headers) => Promise<{ userId: string; impersonatedBy?: string | undefined } | undefined>;
}

/**
 * The event of a request Better Auth's router refused before any hook ran (a foreign Origin, a
 * callback to another site): a failure of what it asked for, with whoever its cookie signs in; null
 * for any other answer. Its body was read by then: an attempt on an address is recorded without it.
 */
export async function routerRefusalEvent(
  request: Request,
  response: Response,
  reader: RefusalReader,
): Promise<AuditEventInput | null> {
  const path = new URL(request.url).pathname.slice(reader.basePath.length);
  if (response.status !== 403 || !isAudited(path)) return null;
  const answer: unknown = await response
    .clone()
    .json()
    .catch(() => ({}));
  const code = text(fieldsOf(answer).code);
  if (!code || !ROUTER_REFUSALS.has(code)) return null;
  const user = await reader.userOf(request.headers);
  const seen: Before = user ? { ...user, signedIn: true } : { signedIn: false };
  const failure = { code, status: response.status };
  const ipAddress = getIP(request, reader.options);
  const userAgent = request.headers.get('user-agent');
  return eventOf({ path, body: {}, answer: {}, failure, ipAddress, userAgent }, seen);
}
