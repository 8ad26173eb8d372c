import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { browserAndSystem } from '#common/user-agent';
import type { DB } from '../../../db/schema';

/** `device`: a browser and system ("Chrome on Windows"); `country`: a country code ("PT"). */
export type SeenKind = 'device' | 'country';
export interface Seen {
  kind: SeenKind;
  value: string;
}

/** Longest value kept: bowser's names and country codes are short; a forged header is cut. */
const VALUE_MAX_LENGTH = 200;

/** What a session came from, as far as it tells: its browser and system, its country. */
export function seenIn(session: { userAgent?: string | null | undefined; country?: unknown }): Seen[] {
  const device = browserAndSystem(session.userAgent);
  const country = typeof session.country === 'string' ? session.country.trim().toUpperCase() : '';
  return [
    ...(device ? [{ kind: 'device' as const, value: device.slice(0, VALUE_MAX_LENGTH) }] : []),
    ...(country ? [{ kind: 'country' as const, value: country.slice(0, VALUE_MAX_LENGTH) }] : []),
  ];
}

/**
 * Records what a sign-in came from (first and last seen), and answers what of it is new. Only news
 * of a kind already known counts: the first browser, the first country of a person are where they
 * start from, not an alarm.
 */
export async function recordSeen(db: Kysely<DB>, userId: string, seen: Seen[], at: Date): Promise<Seen[]> {
  const known = await db.selectFrom('signInSeen').select(['kind', 'value']).where('userId', '=', userId).execute();
  const time = at.toISOString();
  for (const { kind, value } of seen) {
    await db
      .insertInto('signInSeen')
      .values({ id: crypto.randomUUID(), userId, kind, value, firstSeenAt: time, lastSeenAt: time })
      .onConflict((conflict) => conflict.columns(['userId', 'kind', 'value']).doUpdateSet({ lastSeenAt: time }))
      .execute();
  }
  return seen.filter(
    (item) =>
      known.some((row) => row.kind === item.kind) &&
      !known.some((row) => row.kind === item.kind && row.value === item.value),
  );
}
