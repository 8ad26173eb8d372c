import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPlatformAdmin } from '#common/roles';
import { SETUP_LINK_MINUTES, SETUP_TOKEN_PARAM } from '#common/setup';
import type { DB } from '../../db/schema';

/** The console's page a setup link opens. */
export const SETUP_PATH = '/setup';

/** Where a setup link stands: it may create the first admin, it is made up, expired or spent, or setup is over. */
export type SetupLinkState = 'open' | 'invalid' | 'done';

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest();

/** Whether any account holds the platform admin role, from the kept counts per role (no user row is read). */
export async function adminExists(db: Kysely<DB>): Promise<boolean> {
  const rows = await db.selectFrom('user_role_count').select('role').where('total', '>', 0).execute();
  return rows.some((row) => isPlatformAdmin(row.role));
}

/**
 * While no admin exists, a new setup link: a random token (256 bits) whose SHA-256 alone is kept,
 * in the database so that every instance honours it, until `SETUP_LINK_MINUTES` from now. Once an
 * admin exists, none, and the links still kept are dropped. Expired links are dropped on the way.
 */
export async function openSetupLink(
  db: Kysely<DB>,
  publicUrl: string,
  now = new Date(),
): Promise<{ url: string; expiresAt: Date } | undefined> {
  if (await adminExists(db)) {
    await db.deleteFrom('setupLink').execute();
    return undefined;
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MINUTES * 60_000);
  await db.deleteFrom('setupLink').where('expiresAt', '<=', now.toISOString()).execute();
  await db
    .insertInto('setupLink')
    .values({ tokenHash: hashOf(token).toString('hex'), expiresAt: expiresAt.toISOString() })
    .execute();
  const url = new URL(SETUP_PATH, publicUrl);
  url.searchParams.set(SETUP_TOKEN_PARAM, token);
  return { url: url.toString(), expiresAt };
}

/**
 * Where the link of this token stands. Every unexpired link is compared in full, in constant time:
 * how long the answer takes says nothing about how close a guess came.
 */
export async function setupLinkState(db: Kysely<DB>, token: string, now = new Date()): Promise<SetupLinkState> {
  if (await adminExists(db)) return 'done';
  const rows = await db
    .selectFrom('setupLink')
    .select('tokenHash')
    .where('expiresAt', '>', now.toISOString())
    .execute();
  const given = hashOf(token);
  let found = false;
  for (const row of rows) {
    const kept = Buffer.from(row.tokenHash, 'hex');
    found = (kept.length === given.length && crypto.timingSafeEqual(kept, given)) || found;
  }
  return found ? 'open' : 'invalid';
}

/** The links are spent: once an admin exists, none is any use. */
export async function spendSetupLinks(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('setupLink').execute();
}

/**
 * The line the start prints for the operator: JSON like every line the process writes (log tools
 * keep reading), but written to standard output directly, never through the logger, whose level may
 * hide it and whose sink may be elsewhere.
 */
export function setupLinkLine({ url, expiresAt }: { url: string; expiresAt: Date }): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    level: 'warn',
    msg: `No admin yet: open this link before ${expiresAt.toISOString()} to create the first admin. It works once; a restart prints a new one.`,
    setupUrl: url,
  });
}
