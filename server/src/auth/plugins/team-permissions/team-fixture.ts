import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { TestClient, type TestResponse } from '../../../testing/http-client';
import { createTestContext, type Engine, type TestContext } from '../../../testing/test-context';

/** Everyone whose standing in a team the tests compare. */
export const ACTORS = ['orgOwner', 'orgAdmin', 'orgMember', 'teamOwner', 'teamMember', 'outsider'] as const;
export type Actor = (typeof ACTORS)[number];
export type Mode = 'inherited' | 'defined';

export interface Person {
  client: TestClient;
  id: string;
  email: string;
}

export interface TeamFixture {
  context: TestContext;
  /** `extra` is a plain member of Acme; `outsider` owns Globex, where `otherOrgUser` is a member. */
  people: Record<Actor | 'extra' | 'otherOrgUser', Person>;
  /** Acme: owned by orgOwner, with orgAdmin as admin and the others (but the outsiders) as members. */
  organizationId: string;
  /** A fresh team of Acme, created by its owner, with teamOwner as owner and teamMember as member. */
  team(mode: Mode): Promise<string>;
}

async function signUp(context: TestContext, label: string): Promise<Person> {
  const client = new TestClient(context.app);
  const email = `${label.toLowerCase()}-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const response = await client.post('/api/auth/sign-up/email', { email, password: 'team-password-1', name: label });
  expect(response.status).toBe(200);
  return { client, id: response.body.user.id, email };
}

async function createOrganization(owner: Person, name: string) {
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomBytes(3).toString('hex')}`;
  const response = await owner.client.post('/api/auth/organization/create', { name, slug });
  expect(response.status).toBe(200);
  return response.body.id as string;
}

/** Expects the call to be refused with this status and exactly this answer. */
export async function expectRefusal(
  call: Promise<TestResponse>,
  status: number,
  answer: { code: string; message: string },
) {
  const response = await call;
  expect(response.status, response.text).toBe(status);
  expect(response.body).toEqual(answer);
}

/** Expects the team endpoint call to succeed. */
async function ok(call: Promise<{ status: number; text: string }>) {
  const response = await call;
  expect(response.status, response.text).toBe(200);
}

/**
 * The people and organizations of the team tests, on a real app of `engine`, set up before the
 * file's tests and torn down after them. Read its fields inside tests (they are filled in `beforeAll`).
 */
export function useTeamFixture(engine: Engine): TeamFixture {
  const fixture = { people: {} } as TeamFixture;
  beforeAll(async () => {
    const context = (fixture.context = await createTestContext(engine));
    const { people } = fixture;
    for (const label of [...ACTORS, 'extra', 'otherOrgUser'] as const) people[label] = await signUp(context, label);
    const addTo = (person: Person, organizationId: string, role: 'admin' | 'member') =>
      context.auth.api.addMember({ body: { userId: person.id, organizationId, role } });
    fixture.organizationId = await createOrganization(people.orgOwner, 'Acme');
    await addTo(people.orgAdmin, fixture.organizationId, 'admin');
    for (const member of ['orgMember', 'teamOwner', 'teamMember', 'extra'] as const)
      await addTo(people[member], fixture.organizationId, 'member');
    await addTo(people.otherOrgUser, await createOrganization(people.outsider, 'Globex'), 'member');
  });
  afterAll(async () => fixture.context?.destroy());

  fixture.team = async (mode) => {
    const owner = fixture.people.orgOwner.client;
    const created = await owner.post('/api/auth/organization/create-team', {
      name: `Team ${crypto.randomBytes(3).toString('hex')}`,
      organizationId: fixture.organizationId,
    });
    expect(created.status).toBe(200);
    const teamId = created.body.id as string;
    const setMode = (permissionMode: Mode) =>
      ok(owner.post('/api/auth/team-permissions/set-permission-mode', { teamId, permissionMode }));
    const add = (person: Person, role: 'owner' | 'member') =>
      ok(owner.post('/api/auth/team-permissions/add-member', { teamId, userId: person.id, role }));
    // Members are added to private teams only: make it private, add them, then set the wanted mode.
    await setMode('defined');
    await add(fixture.people.teamOwner, 'owner');
    await add(fixture.people.teamMember, 'member');
    if (mode === 'inherited') await setMode('inherited');
    return teamId;
  };
  return fixture;
}
