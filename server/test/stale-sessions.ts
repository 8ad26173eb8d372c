import type { TestContext } from './test-context';

/** Older than Better Auth's default `freshAge` (one day). */
const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Moves the sign-in time of every session of a user two days back, where it is stored, so that
 * Better Auth no longer counts them fresh (SQLite keeps dates as text).
 */
export async function ageSessions(context: TestContext, userId: string): Promise<void> {
  const past = new Date(Date.now() - TWO_DAYS_MS);
  const createdAt = context.database.engine === 'sqlite' ? past.toISOString() : past;
  await context.database.db.updateTable('session').set({ createdAt }).where('userId', '=', userId).execute();
}
