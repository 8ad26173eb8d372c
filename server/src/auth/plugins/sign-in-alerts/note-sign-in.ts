import { describeLocation } from '#common/location';
import { describeUserAgent } from '#common/user-agent';
import type { Database } from '../../../db/database';
import type { Config } from '../../../env';
import type { Mailer } from '../../../mail/mailer';
import { newSignInEmail } from '../../../mail/sign-in-templates';
import { recordSeen, seenIn } from './seen';
import { alertsEnabled } from './setting';

export interface SignInAlertDependencies {
  config: Pick<Config, 'publicUrl'>;
  database: Database;
  mailer: Mailer;
}

/** The session as it was written, location fields included (Better Auth's additional fields). */
export interface WrittenSession {
  userAgent?: string | null | undefined;
  ipAddress?: string | null | undefined;
  createdAt: Date | string;
  [field: string]: unknown;
}

/** Longest raw user agent quoted when it names no browser: enough to recognise it. */
const USER_AGENT_MAX_LENGTH = 200;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A sign-in of a registered person: what it came from is recorded, and when something of it is new
 * and they want alerts, they get a mail.
 */
export async function noteSignIn(
  { config, database, mailer }: SignInAlertDependencies,
  session: WrittenSession,
  user: { id: string; email: string; name: string },
) {
  const seen = seenIn(session);
  if (seen.length === 0) return;
  const fresh = await recordSeen(database.db, user.id, seen, new Date(session.createdAt));
  if (fresh.length === 0 || !(await alertsEnabled(database.db, user.id))) return;
  const location = describeLocation(
    { city: text(session.city), region: text(session.region), country: text(session.country) },
    'en',
  );
  await mailer.send(
    newSignInEmail({
      to: user.email,
      name: user.name,
      signIn: {
        at: new Date(session.createdAt),
        browser:
          describeUserAgent(session.userAgent) ?? text(session.userAgent)?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        ipAddress: text(session.ipAddress),
        location,
        newBrowser: fresh.some((item) => item.kind === 'device'),
        newCountry: fresh.some((item) => item.kind === 'country'),
      },
      profileUrl: new URL('/profile', config.publicUrl).href,
    }),
  );
}
