import type { LinkedAccounts, SignInProvider } from '#common/identity-providers';
import type { Database } from '../../db/database';
import { toIsoDate } from '../../db/dates';
import { keepsAWayIn, waysIn } from '../sign-in-ways';

/** The person's accounts at providers, the providers they could link, and whether one may go. */
export async function listLinkedAccounts(
  database: Database,
  userId: string,
  providers: SignInProvider[],
): Promise<LinkedAccounts> {
  const [ways, rows] = await Promise.all([
    waysIn(database.db, userId),
    database.db
      .selectFrom('account')
      .select(['id', 'providerId', 'providerEmail', 'createdAt'])
      .where('userId', '=', userId)
      .where('providerId', '!=', 'credential')
      .orderBy('createdAt', 'asc')
      .execute(),
  ]);
  const labels = new Map(providers.map((provider) => [provider.id, provider.label]));
  const linked = new Set(rows.map((row) => row.providerId));
  return {
    accounts: rows.map((row) => ({
      id: row.id,
      providerId: row.providerId,
      label: labels.get(row.providerId) ?? row.providerId,
      email: row.providerEmail,
      linkedAt: toIsoDate(row.createdAt),
    })),
    available: providers.filter((provider) => !linked.has(provider.id)),
    // With two ways in or more, any one linked account may go; with one, it is that one.
    canUnlink: rows.some((row) => keepsAWayIn(ways, row.id)),
  };
}
