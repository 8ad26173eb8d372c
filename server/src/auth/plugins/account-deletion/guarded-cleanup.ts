import { defineRequestState, hasRequestState } from '@better-auth/core/context';
import type { Database } from '../../../db/database';
import { membershipTransaction } from '../../../db/membership-turns';
import { lockOrganizationsOf } from '../../../db/organization-lock';
import { deleteRowsOf } from './cleanup';
import {
  handOverOwnedOrganizations,
  lastOwnerError,
  organizationsLeftWithoutOwner,
  type OwnerHandover,
} from './last-owner';

/** The users whose clean-up this request has done under lock, right before Better Auth deletes them. */
const cleanedUp = defineRequestState(() => new Set<string>());

/**
 * A deletion once Better Auth has checked who asks (the person, or an admin for `whose` account):
 * the last-owner rule and the clean-up in one transaction, under the locks of the organizations.
 * Checked apart, two owners of one organization deleted at once would each see the other still
 * there, and leave its members with no owner.
 */
export async function deleteEverythingUnlessLastOwner(
  database: Database,
  userId: string,
  whose: 'your' | 'their' = 'your',
) {
  await membershipTransaction(database, async (trx) => {
    await lockOrganizationsOf(trx, database.engine, [userId]);
    const names = await organizationsLeftWithoutOwner(trx, userId);
    if (names.length > 0) throw lastOwnerError(names, whose);
    await deleteRowsOf(trx, userId);
  });
  if (await hasRequestState()) (await cleanedUp.get()).add(userId);
}

/**
 * A deletion nobody was asked about (the guest sweep): nobody is there to be refused, so the
 * organizations the user alone owns with others in them are handed over (decision 0061), then the
 * clean-up runs, in one transaction under the organizations' locks, as above.
 */
export function deleteEverythingHandingOver(database: Database, userId: string): Promise<OwnerHandover[]> {
  return membershipTransaction(database, async (trx) => {
    await lockOrganizationsOf(trx, database.engine, [userId]);
    const handovers = await handOverOwnedOrganizations(trx, userId);
    await deleteRowsOf(trx, userId);
    return handovers;
  });
}

/**
 * Whether the request deleting the user has done their clean-up already (above): the database hook
 * then has nothing to do. Outside a request (the guest sweep) it never has.
 */
export async function cleanedUpInThisRequest(userId: string) {
  return (await hasRequestState()) && (await cleanedUp.get()).has(userId);
}
