import { describeLocation } from '#common/location';
import { describeUserAgent } from '#common/user-agent';
import { truncate } from '@/lib/format';
import type { MySession } from '../api/get-my-sessions';

/** "Chrome 131 on Windows 10", else the start of the raw user agent. */
export const deviceOf = (session: MySession): string =>
  describeUserAgent(session.userAgent) ?? (truncate(session.userAgent, 60) || 'Unknown device');

/** "Paris, Île-de-France, France" from the session's location fields; null when none is known. */
export const locationOf = (session: MySession): string | null => describeLocation(session);

/** The current session first, then the most recently active. */
export function inDisplayOrder(sessions: readonly MySession[], currentId: string | undefined): MySession[] {
  const time = (value: Date | string) => new Date(value).getTime();
  return [...sessions].sort(
    (a, b) => Number(b.id === currentId) - Number(a.id === currentId) || time(b.updatedAt) - time(a.updatedAt),
  );
}
