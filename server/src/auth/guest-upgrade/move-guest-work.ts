import type { Transaction } from 'kysely';
import { isOwnerRole } from '#common/roles';
import type { Database } from '../../db/database';
import { membershipTransaction } from '../../db/membership-turns';
import { lockOrganizationsOf } from '../../db/organization-lock';
import type { DB } from '../../db/schema';
import { fileIdFromUrl } from '../../lib/file-url';

/** What moved from a guest to an account. */
export interface MovedWork {
  memberships: number;
  teamPlaces: number;
  invitations: number;
  files: number;
  /** The guest's picture, when the account took it (it had none). */
  image: string | null;
}

const NOTHING: MovedWork = { memberships: 0, teamPlaces: 0, invitations: 0, files: 0, image: null };

/** Places a person holds: organization memberships by organization, team places by team. */
const PLACES = { member: 'organizationId', teamMember: 'teamId' } as const;

/** The columns of `member` and `teamMember` read here. */
interface Place {
  id: string;
  userId: string;
  role: string | null;
  organizationId: string;
  teamId: string;
}

/**
 * Moves the guest's places in one table to the account. Where the account already holds a place in
 * the same organization or team, the account's stays and the guest's goes; the account's becomes
 * an owner only if the guest was the last owner there, so that none is left without one.
 */
async function movePlaces(trx: Transaction<DB>, table: keyof typeof PLACES, guestId: string, accountId: string) {
  // The two tables share the columns used here; Kysely cannot type a table chosen at run time.
  const db = trx as unknown as Transaction<Record<string, Place>>;
  const column = PLACES[table];
  const placesOf = async (userId: string, groups?: string[]) => {
    let query = db.selectFrom(table).select(['id', 'role', column]).where('userId', '=', userId);
    if (groups) query = query.where(column, 'in', groups);
    return (await query.execute()).map((row) => ({ id: row.id, role: row.role, group: row[column] }));
  };

  const guestPlaces = await placesOf(guestId);
  if (guestPlaces.length === 0) return 0;
  const kept = await placesOf(
    accountId,
    guestPlaces.map((place) => place.group),
  );
  for (const place of kept) {
    const dropped = guestPlaces.find((guestPlace) => guestPlace.group === place.group);
    if (!isOwnerRole(dropped?.role) || isOwnerRole(place.role)) continue;
    const others = await db
      .selectFrom(table)
      .select('role')
      .where(column, '=', place.group)
      .where('userId', 'not in', [guestId, accountId])
      .execute();
    if (!others.some((other) => isOwnerRole(other.role))) {
      await db.updateTable(table).set({ role: 'owner' }).where('id', '=', place.id).execute();
    }
  }
  if (kept.length > 0) {
    await db
      .deleteFrom(table)
      .where('userId', '=', guestId)
      .where(
        column,
        'in',
        kept.map((place) => place.group),
      )
      .execute();
  }
  await db.updateTable(table).set({ userId: accountId }).where('userId', '=', guestId).execute();
  return guestPlaces.length - kept.length;
}

/**
 * Moves a guest's work to the account they signed up or signed in to (decision 0038), all of it or
 * none: memberships and team places (so their organizations and teams come along), invitations
 * they sent, and files. The account keeps its own picture; with none, it takes the guest's (and the
 * file it points at); otherwise that file stays with the guest and goes when the guest is deleted.
 * Credentials (passkeys, two-factor, API keys) never move: they go with the guest.
 *
 * Under the locks of every organization either belongs to, taken first, as account deletions and
 * admins' member changes take them: otherwise the guest's owner place could be dropped for another
 * owner who is being deleted at that moment, each seeing the other still there.
 */
export async function moveGuestWork(database: Database, guestId: string, accountId: string): Promise<MovedWork> {
  if (guestId === accountId) return NOTHING;
  return membershipTransaction(database, async (trx) => {
    await lockOrganizationsOf(trx, database.engine, [guestId, accountId]);
    const users = await trx
      .selectFrom('user')
      .select(['id', 'image'])
      .where('id', 'in', [guestId, accountId])
      .execute();
    const guest = users.find((user) => user.id === guestId);
    const account = users.find((user) => user.id === accountId);
    if (!guest || !account) return NOTHING;

    const memberships = await movePlaces(trx, 'member', guestId, accountId);
    const teamPlaces = await movePlaces(trx, 'teamMember', guestId, accountId);
    const invitations = await trx
      .updateTable('invitation')
      .set({ inviterId: accountId })
      .where('inviterId', '=', guestId)
      .executeTakeFirst();
    const image = !account.image && guest.image ? guest.image : null;
    const staysWithGuest = image ? undefined : fileIdFromUrl(guest.image);
    let files = trx.updateTable('file').set({ userId: accountId }).where('userId', '=', guestId);
    if (staysWithGuest) files = files.where('id', '!=', staysWithGuest);
    const movedFiles = await files.executeTakeFirst();
    if (image) {
      await trx
        .updateTable('user')
        .set({ image, updatedAt: new Date().toISOString() })
        .where('id', '=', accountId)
        .where((eb) => eb.or([eb('image', 'is', null), eb('image', '=', '')]))
        .execute();
    }
    return {
      memberships,
      teamPlaces,
      invitations: Number(invitations.numUpdatedRows),
      files: Number(movedFiles.numUpdatedRows),
      image,
    };
  });
}
