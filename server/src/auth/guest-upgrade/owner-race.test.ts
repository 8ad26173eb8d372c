import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { deleteEverythingUnlessLastOwner } from '../plugins/account-deletion/guarded-cleanup';
import { addMember, createOrganization, membersOf, signInAsGuest } from '#test/fixtures/guest-upgrade';
import { moveGuestWork } from './move-guest-work';
import { otherInstance, pauseAfter } from '#test/fixtures/owner-race';

/**
 * The read of the other members' roles: where the upgrade decides whether the account must become
 * the owner, and where a deletion decides whether its user is the last owner.
 */
const readsOtherRoles = (sql: string) => /from "member" where .*"userId" (not in|!=)/.test(sql);

/** Time enough for the other instance to finish, when no lock holds it back. */
const HEAD_START_MS = 500;

/** Memberships as `membersOf` lists them, sorted by user id. */
const sorted = (rows: { userId: string; role: string }[]) => rows.sort((a, b) => a.userId.localeCompare(b.userId));

/**
 * A guest's upgrade and another owner leaving at the same moment, from two instances: the upgrade
 * drops the guest's owner place because the other owner stays, while the other owner goes because
 * the guest stays, unless both take the organization's lock. One side is stopped right after that
 * read, holding its locks, while the other instance acts.
 */
describe.each(ENGINES)('a guest upgrade racing another owner on %s', (engine) => {
  const suite = contextPerSuite(engine);
  let other: Awaited<ReturnType<typeof otherInstance>>;
  beforeAll(async () => {
    other = await otherInstance(suite.context);
  });
  afterAll(() => other?.stop());

  /** An organization the guest and another person own, with the account a plain member. */
  async function coOwned(round: string) {
    const { app } = suite.context;
    const owner = await signUp(app, { email: `other-owner-${round}@example.com` });
    const organizationId = await createOrganization(owner.client, `Co-owned ${round}`);
    const guest = await signInAsGuest(app);
    const account = await signUp(app, { email: `account-${round}@example.com` });
    await addMember(suite.context, organizationId, guest.id, 'owner');
    await addMember(suite.context, organizationId, account.id, 'member');
    const ownerPlace = await suite.context.database.db
      .selectFrom('member')
      .select('id')
      .where('organizationId', '=', organizationId)
      .where('userId', '=', owner.id)
      .executeTakeFirstOrThrow();
    return { organizationId, guestId: guest.id, accountId: account.id, ownerId: owner.id, ownerPlaceId: ownerPlace.id };
  }

  /**
   * The upgrade, here, stops once it has seen the other owner; the other instance does `args`
   * meanwhile. Resolves with what the upgrade moved and what the other instance answered.
   */
  async function upgradeFirst(guestId: string, accountId: string, args: string[]) {
    const paused = pauseAfter(suite.context.database, readsOtherRoles);
    const move = moveGuestWork(paused.database, guestId, accountId);
    await Promise.race([paused.reached, move]);
    const answer = other.act(...args);
    await Promise.race([answer, sleep(HEAD_START_MS)]);
    paused.release();
    return { moved: await move, answer: await answer };
  }

  /** The upgrade went first: the account stays a plain member beside the other owner. */
  async function expectOtherOwnerKept(organizationId: string, accountId: string, ownerId: string) {
    expect(await membersOf(suite.context, organizationId)).toEqual(
      sorted([
        { userId: accountId, role: 'member' },
        { userId: ownerId, role: 'owner' },
      ]),
    );
  }

  it("keeps an owner when the upgrade comes first: the other owner's deletion is refused", async () => {
    const { organizationId, guestId, accountId, ownerId } = await coOwned('a');
    const { moved, answer } = await upgradeFirst(guestId, accountId, ['delete', ownerId]);
    expect(moved).toMatchObject({ memberships: 0 });
    expect(answer).toEqual({ failed: 'LAST_OWNER' });
    await expectOtherOwnerKept(organizationId, accountId, ownerId);
  });

  it('keeps an owner when the deletion comes first: the account becomes the owner', async () => {
    const { organizationId, guestId, accountId, ownerId } = await coOwned('b');
    const paused = pauseAfter(suite.context.database, readsOtherRoles);
    const deletion = deleteEverythingUnlessLastOwner(paused.database, ownerId);
    await Promise.race([paused.reached, deletion]);
    const answer = other.act('move', guestId, accountId);
    await Promise.race([answer, sleep(HEAD_START_MS)]);
    paused.release();
    await deletion;
    expect(await answer).toMatchObject({ moved: { memberships: 0 } });
    expect(await membersOf(suite.context, organizationId)).toEqual([{ userId: accountId, role: 'owner' }]);
  });

  it("keeps an owner when an admin demotes the other owner during the upgrade: the admin's change is refused", async () => {
    const { organizationId, guestId, accountId, ownerId, ownerPlaceId } = await coOwned('c');
    const { moved, answer } = await upgradeFirst(guestId, accountId, ['demote', organizationId, ownerPlaceId]);
    expect(moved).toMatchObject({ memberships: 0 });
    expect(answer).toEqual({ failed: 'LAST_OWNER' });
    await expectOtherOwnerKept(organizationId, accountId, ownerId);
  });
});
