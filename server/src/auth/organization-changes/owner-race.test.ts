import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isOwnerRole } from '#common/roles';
import { signUp } from '#test/accounts';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, type TestContext } from '#test/test-context';
import { inMembershipTurn } from '../../db/membership-turns';
import { TestClient } from '#test/http-client';
import { selectRows } from '#test/rows';
import { addMember, createOrganization, memberIdOf } from '#test/fixtures/account-deletion';

const PASSWORD = 'user-password-1';

/**
 * Better Auth's own member endpoints check for another owner, then write. Two owners who act at once
 * must not both pass that check: the organization keeps an owner for the members it has.
 */
describe.each(ENGINES)(
  "an organization's last owner, under Better Auth's member endpoints at once, on %s",
  (engine) => {
    const suite = contextPerSuite(engine);
    let round = 0;

    /** Two owners and a member of a new organization. */
    const coOwned = async () => {
      round += 1;
      const owners = [
        await signUp(suite.context.app, { email: `race-owner-a-${round}@example.com` }),
        await signUp(suite.context.app, { email: `race-owner-b-${round}@example.com` }),
      ] as const;
      const member = await signUp(suite.context.app, { email: `race-member-${round}@example.com` });
      const organizationId = await createOrganization(owners[0].client, `Raced ${round}`);
      await addMember(suite.context, organizationId, owners[1].id, 'owner');
      await addMember(suite.context, organizationId, member.id);
      return { owners, organizationId };
    };
    const ownersLeft = async (organizationId: string) =>
      (await selectRows(suite.context, 'member', ['role'], { organizationId })).filter((row) => isOwnerRole(row.role))
        .length;
    const leave = (client: TestClient, organizationId: string) =>
      client.post('/api/auth/organization/leave', { organizationId });

    it('lets one of two owners leaving at once go, and refuses the other', async () => {
      for (let turn = 0; turn < 3; turn++) {
        const { owners, organizationId } = await coOwned();
        const answers = await Promise.all(owners.map((owner) => leave(owner.client, organizationId)));
        expect(answers.map((answer) => answer.status).sort(), `turn ${turn}`).toEqual([200, 400]);
        expect(await ownersLeft(organizationId)).toBe(1);
      }
    });

    it('refuses one of two owners each demoting the other at once', async () => {
      for (let turn = 0; turn < 3; turn++) {
        const { owners, organizationId } = await coOwned();
        const demote = (by: TestClient, userId: string) =>
          memberIdOf(suite.context, organizationId, userId).then((memberId) =>
            by.post('/api/auth/organization/update-member-role', { organizationId, memberId, role: 'member' }),
          );
        const answers = await Promise.all([
          demote(owners[0].client, owners[1].id),
          demote(owners[1].client, owners[0].id),
        ]);
        // The second finds itself no longer an owner (403), or the other the last one (400).
        const [allowed, refused] = answers.map((answer) => answer.status).sort();
        expect(allowed, `turn ${turn}`).toBe(200);
        expect([400, 403], `turn ${turn}`).toContain(refused);
        expect(await ownersLeft(organizationId)).toBe(1);
      }
    });

    it('answers a request without a session at once, while a signed-in one waits its turn', async () => {
      const { owners, organizationId } = await coOwned();
      let release = () => {};
      const holding = inMembershipTurn(
        suite.context.database,
        () => new Promise<void>((resolve) => (release = resolve)),
      );
      const visitor = await leave(new TestClient(suite.context.app), organizationId);
      expect(visitor.status).toBe(401);
      let answered = false;
      const owner = leave(owners[0].client, organizationId).finally(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      release();
      await holding;
      expect((await owner).status).toBe(200);
    });

    it('refuses one of an owner leaving and the other deleting their account at once', async () => {
      for (let turn = 0; turn < 3; turn++) {
        const { owners, organizationId } = await coOwned();
        const answers = await Promise.all([
          leave(owners[0].client, organizationId),
          owners[1].client.post('/api/auth/delete-user', { password: PASSWORD }),
        ]);
        expect(answers.map((answer) => answer.status).sort(), `turn ${turn}`).toEqual([200, 400]);
        expect(await ownersLeft(organizationId)).toBe(1);
      }
    });
  },
);

/** Resolves once a statement containing `text` waits for a lock in the database; fails after 10 s. */
async function waitingForLock(db: Kysely<any>, text: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const { rows } = await sql<{ query: string }>`
      select query from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
    if (rows.some((row) => row.query.toLowerCase().includes(text))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no statement with "${text}" waited for a lock`);
}

/**
 * Two instances on one PostgreSQL database: the first owner's leave is held between Better Auth's
 * check and its write (the test locks that member's row), and the second owner leaves through the
 * other instance meanwhile.
 */
describe('two owners leaving through two instances, the first held between its check and its write', () => {
  const instances = sharedInstancesPerSuite('postgres');

  it('makes the second wait for the organization, then refuses it as the last owner', async () => {
    const { first, second } = instances as { first: TestContext; second: TestContext };
    const ownerA = await signUp(first.app, { email: 'held-owner-a@example.com' });
    const ownerB = await signUp(second.app, { email: 'held-owner-b@example.com' });
    const member = await signUp(first.app, { email: 'held-member@example.com' });
    const organizationId = await createOrganization(ownerA.client, 'Held');
    await addMember(first, organizationId, ownerB.id, 'owner');
    await addMember(first, organizationId, member.id);
    const { db } = first.database;
    const leave = (client: TestClient) => client.post('/api/auth/organization/leave', { organizationId });

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const locker = db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('member')
        .select('id')
        .where('organizationId', '=', organizationId)
        .where('userId', '=', ownerA.id)
        .forUpdate()
        .execute();
      locked();
      await held;
    });
    await isLocked;
    const leavingA = leave(ownerA.client);
    await waitingForLock(db, 'delete from "member"');
    const leavingB = leave(ownerB.client);
    const answeredWhileHeld = await Promise.race([
      leavingB.then(() => true),
      waitingForLock(db, 'for no key update').then(() => false),
    ]);
    release();
    await locker;
    const statuses = [(await leavingA).status, (await leavingB).status];

    expect(answeredWhileHeld).toBe(false);
    expect(statuses).toEqual([200, 400]);
    const owners = await db.selectFrom('member').select('role').where('organizationId', '=', organizationId).execute();
    expect(owners.filter((row) => isOwnerRole(row.role))).toHaveLength(1);
  });
});
