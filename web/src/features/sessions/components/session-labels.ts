import { truncate } from '@/lib/format';
import { describeUserAgent } from '@/lib/user-agent';
import type { MySession } from '../api/get-my-sessions';

const regionNames = new Intl.DisplayNames(undefined, { type: 'region' });

/** A country code as its name ("FR" → "France"); anything else as it came. */
function countryName(code: string): string {
  try {
    return /^[A-Z]{2}$/i.test(code) ? (regionNames.of(code.toUpperCase()) ?? code) : code;
  } catch {
    return code;
  }
}

/** "Chrome 131 on Windows 10", else the start of the raw user agent. */
export const deviceOf = (session: MySession): string =>
  describeUserAgent(session.userAgent) ?? (truncate(session.userAgent, 60) || 'Unknown device');

/** "Paris, Île-de-France, France" from the session's location fields; null when none is known. */
export function locationOf(session: MySession): string | null {
  const parts = [session.city, session.region, session.country ? countryName(session.country) : null];
  return parts.filter(Boolean).join(', ') || null;
}

/** The current session first, then the most recently active. */
export function inDisplayOrder(sessions: readonly MySession[], currentId: string | undefined): MySession[] {
  const time = (value: Date | string) => new Date(value).getTime();
  return [...sessions].sort(
    (a, b) => Number(b.id === currentId) - Number(a.id === currentId) || time(b.updatedAt) - time(a.updatedAt),
  );
}
