import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

/** Each race runs this many times: one lucky interleaving must not hide a check-then-write bug. */
const ROUNDS = 8;
const SIGN_UPS = 50;

interface Person {
  client: TestClient;
  id: string;
}

const statuses = (responses: TestResponse[]) => responses.map((response) => response.status).sort();

describe.each(ENGINES)('races on %s', (engine) => {
  let context: TestContext;
  let organizationId: string;
  let orgOwner: Person;
  let orgAdmin: Person;
  let memberA: Person;
  let memberB: Person;

  async function person(label: string): Promise<Person> {
    const client = new TestClient(context.app);
    const email = `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const response = await client.post('/api/auth/sign-up/email', { email, password: 'race-password-1', name: label });
    expect(response.status).toBe(200);
    return { client, id: response.body.user.id };
  }

  const ownersOf = async (teamId: string) =>
    (
      await context.database.db
        .selectFrom('teamMember')
        .select('userId')
        .where('teamId', '=', teamId)
        .where('role', '=', 'owner')
        .execute()
    ).map((row) => row.userId as string);

  /** A private team whose only owners are the org owner (its creator) and member A; the org admin is not in it. */
  async function teamOfTwoOwners(): Promise<string> {
    const owner = orgOwner.client;
    const created = await owner.post('/api/auth/organization/create-team', {
      name: `Race ${crypto.randomBytes(3).toString('hex')}`,
      organizationId,
    });
    expect(created.status).toBe(200);
    const teamId = created.body.id as string;
    const mode = await owner.post('/api/auth/team-permissions/set-permission-mode', {
      teamId,
      permissionMode: 'defined',
    });
    expect(mode.status).toBe(200);
    const added = await owner.post('/api/auth/team-permissions/add-member', {
      teamId,
      userId: memberA.id,
      role: 'owner',
    });
    expect(added.status).toBe(200);
    expect((await ownersOf(teamId)).sort()).toEqual([orgOwner.id, memberA.id].sort());
    return teamId;
  }

  beforeAll(async () => {
    context = await createTestContext(engine);
    orgOwner = await person('owner');
    orgAdmin = await person('admin');
    memberA = await person('member-a');
    memberB = await person('member-b');
    const slug = `race-${crypto.randomBytes(4).toString('hex')}`;
    const organization = await orgOwner.client.post('/api/auth/organization/create', { name: 'Race', slug });
    expect(organization.status).toBe(200);
    organizationId = organization.body.id;
    await context.auth.api.addMember({ body: { userId: orgAdmin.id, organizationId, role: 'admin' } });
    for (const member of [memberA, memberB])
      await context.auth.api.addMember({ body: { userId: member.id, organizationId, role: 'member' } });
  });
  afterAll(async () => context?.destroy());

  it(`makes one account of ${SIGN_UPS} simultaneous sign-ups with one email`, async () => {
    for (let round = 0; round < 2; round++) {
      const email = `racer-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const responses = await Promise.all(
        Array.from({ length: SIGN_UPS }, (_, index) =>
          new TestClient(context.app).post('/api/auth/sign-up/email', {
            // The same address, whatever its case.
            email: index % 3 === 0 ? email.toUpperCase() : email,
            password: `race-password-${index}`,
            name: `Racer ${index}`,
          }),
        ),
      );
      const winners = responses.filter((response) => response.status === 200);
      expect(winners, `statuses: ${statuses(responses).join(',')}`).toHaveLength(1);
      // Every loser hears what a later sign-up with the taken address hears: a 4xx, never a 500.
      const later = await new TestClient(context.app).post('/api/auth/sign-up/email', {
        email,
        password: 'race-password-later',
        name: 'Later',
      });
      expect(later.status).toBe(422);
      for (const loser of responses.filter((response) => response.status !== 200)) {
        expect(loser.status, loser.text).toBe(later.status);
        expect(loser.body).toEqual(later.body);
      }

      const users = await context.database.db
        .selectFrom('user')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .execute();
      expect(users).toHaveLength(1);
      expect(users[0]!.id).toBe(winners[0]!.body.user.id);
      const accounts = await context.database.db
        .selectFrom('account')
        .select(['userId', 'providerId'])
        .where('userId', '=', users[0]!.id)
        .execute();
      expect(accounts).toEqual([{ userId: users[0]!.id, providerId: 'credential' }]);

      // The winner's password is the one that works.
      const index = Number(String(winners[0]!.body.user.name).replace('Racer ', ''));
      const signIn = await new TestClient(context.app).post('/api/auth/sign-in/email', {
        email,
        password: `race-password-${index}`,
      });
      expect(signIn.status).toBe(200);
    }
  });

  it('adds one person to a team once, however many adds race', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const teamId = await teamOfTwoOwners();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          (index % 2 ? orgOwner : orgAdmin).client.post('/api/auth/team-permissions/add-member', {
            teamId,
            userId: memberB.id,
            role: 'member',
          }),
        ),
      );
      expect(statuses(responses)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await context.database.db
        .selectFrom('teamMember')
        .select('id')
        .where('teamId', '=', teamId)
        .where('userId', '=', memberB.id)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  const demote = (teamId: string, userId: string) =>
    orgAdmin.client.post('/api/auth/team-permissions/set-role', { teamId, userId, role: 'member' });
  const remove = (teamId: string, userId: string) =>
    orgAdmin.client.post('/api/auth/team-permissions/remove-member', { teamId, userId });

  it.each([
    [
      'the last two owners are demoted at once',
      (teamId: string) => [demote(teamId, orgOwner.id), demote(teamId, memberA.id)],
    ],
    [
      'the last two owners are removed at once',
      (teamId: string) => [remove(teamId, orgOwner.id), remove(teamId, memberA.id)],
    ],
    [
      'one owner is demoted while the other is removed',
      (teamId: string) => [demote(teamId, orgOwner.id), remove(teamId, memberA.id)],
    ],
  ])('keeps an owner when %s', async (_, race) => {
    for (let round = 0; round < ROUNDS; round++) {
      const teamId = await teamOfTwoOwners();
      const responses = await Promise.all(race(teamId));
      expect(statuses(responses), `round ${round}`).toEqual([200, 400]);
      expect(responses.find((response) => response.status === 400)!.body.code).toBe('TEAM_LAST_OWNER');
      expect(await ownersOf(teamId)).toHaveLength(1);
    }
  });
});
