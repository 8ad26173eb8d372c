import crypto from 'node:crypto';
import { expect } from 'vitest';
import { API_KEY_DEFAULT_EXPIRES_IN_SECONDS, API_KEY_HEADER } from '#common/api-keys';
import { verifyEmail } from '#test/accounts';
import { TestClient, type TestResponse } from '#test/http-client';
import { TEST_ORIGIN, type TestContext } from '#test/test-context';

export const PASSWORD = 'principal-password-1';

/** A signed-in account and the client that holds its session cookie. */
export interface Person {
  client: TestClient;
  id: string;
  email: string;
  password: string;
}

/** Anyone who can send a request: a session, an API key, or nobody at all. */
export interface Caller {
  label: string;
  send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<TestResponse>;
}

/** Emails are unique per call, so many principals fit in one shared context. */
export function uniqueEmail(label: string): string {
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

export async function signUp(
  context: TestContext,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<Person> {
  const client = new TestClient(context.app);
  const email = uniqueEmail(label);
  const response = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: label, ...extra });
  expect(response.status, response.text).toBe(200);
  return { client, id: response.body.user.id as string, email, password: PASSWORD };
}

/** A new, separate session of an existing account (another browser). */
export async function signIn(context: TestContext, email: string, password = PASSWORD): Promise<TestClient> {
  const client = new TestClient(context.app);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  expect(response.status, response.text).toBe(200);
  return client;
}

/** A plain account with the default `user` role. */
export const plainUser = (context: TestContext, label = 'User') => signUp(context, label);

/** A platform admin: signed up, given the `admin` role in the database, then signed in afresh. */
export async function admin(context: TestContext, label = 'Admin'): Promise<Person> {
  const person = await signUp(context, label);
  await context.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', person.id).execute();
  return { ...person, client: await signIn(context, person.email) };
}

/** An anonymous guest (`POST /api/auth/sign-in/anonymous`). */
export async function guest(context: TestContext): Promise<Person> {
  const client = new TestClient(context.app);
  const response = await client.post('/api/auth/sign-in/anonymous');
  expect(response.status, response.text).toBe(200);
  return { client, id: response.body.user.id as string, email: response.body.user.email as string, password: '' };
}

/** A fresh sign-in of the admin that then impersonates the target: the client holds the impersonation session. */
export async function impersonation(context: TestContext, by: Person, target: Person): Promise<TestClient> {
  const client = await signIn(context, by.email, by.password);
  const response = await client.post('/api/auth/admin/impersonate-user', {
    userId: target.id,
    reason: 'security test',
  });
  expect(response.status, response.text).toBe(200);
  const session = await client.get('/api/auth/get-session');
  expect(session.body?.session.impersonatedBy).toBe(by.id);
  return client;
}

/** An API key of the person's account, made the way the console makes one. */
export async function apiKey(owner: Person, name = 'security test key'): Promise<string> {
  const response = await owner.client.post('/api/auth/api-key/create', {
    name,
    expiresIn: API_KEY_DEFAULT_EXPIRES_IN_SECONDS,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.key as string;
}

export function sessionCaller(label: string, client: TestClient): Caller {
  return {
    label,
    send: (method, path, body) =>
      method === 'GET' ? client.get(path) : client.request(method, path, { json: body ?? {} }),
  };
}

/** Requests that carry only the key in `x-api-key`, no cookie. */
export function apiKeyCaller(label: string, context: TestContext, key: string): Caller {
  const client = new TestClient(context.app);
  const headers = { [API_KEY_HEADER]: key };
  return {
    label,
    send: (method, path, body) =>
      method === 'GET' ? client.get(path, headers) : client.request(method, path, { json: body ?? {}, headers }),
  };
}

export function anonymousCaller(context: TestContext): Caller {
  return sessionCaller('no session', new TestClient(context.app));
}

export interface Team {
  id: string;
  name: string;
}

/**
 * An organization with an owner, an admin, a plain member, a member of its private team, and an
 * outsider who belongs to another organization; a public team and a private team (the owner created
 * both, so owns both).
 */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  owner: Person;
  admin: Person;
  member: Person;
  privateTeamMember: Person;
  outsider: Person;
  publicTeam: Team;
  privateTeam: Team;
  /** The `member` row id of each person above, by user id. */
  memberIds: Record<string, string>;
}

export async function organization(context: TestContext, label = 'Org'): Promise<Organization> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const [owner, orgAdmin, member, privateTeamMember, outsider] = await Promise.all([
    signUp(context, `${label} Owner`),
    signUp(context, `${label} Admin`),
    signUp(context, `${label} Member`),
    signUp(context, `${label} Private Team Member`),
    signUp(context, `${label} Outsider`),
  ]);
  // Those who may invite prove their addresses, as only a verified account sends invitations.
  await verifyEmail(context, owner.client, owner.email);
  await verifyEmail(context, orgAdmin.client, orgAdmin.email);
  const name = `${label} ${suffix}`;
  const slug = `${label.toLowerCase()}-${suffix}`;
  const created = await owner.client.post('/api/auth/organization/create', { name, slug });
  expect(created.status, created.text).toBe(200);
  const id = created.body.id as string;
  for (const [person, role] of [
    [orgAdmin, 'admin'],
    [member, 'member'],
    [privateTeamMember, 'member'],
  ] as const) {
    await context.auth.api.addMember({ body: { userId: person.id, organizationId: id, role } });
  }
  // The outsider belongs to an organization of their own, so they are a member of something.
  const elsewhere = await outsider.client.post('/api/auth/organization/create', {
    name: `Elsewhere ${suffix}`,
    slug: `elsewhere-${suffix}`,
  });
  expect(elsewhere.status, elsewhere.text).toBe(200);

  const team = async (teamName: string) => {
    const response = await owner.client.post('/api/auth/organization/create-team', {
      name: teamName,
      organizationId: id,
    });
    expect(response.status, response.text).toBe(200);
    return { id: response.body.id as string, name: teamName };
  };
  const publicTeam = await team(`Public ${suffix}`);
  const privateTeam = await team(`Private ${suffix}`);
  const mode = await owner.client.post('/api/auth/team-permissions/set-permission-mode', {
    teamId: privateTeam.id,
    permissionMode: 'defined',
  });
  expect(mode.status, mode.text).toBe(200);
  const added = await owner.client.post('/api/auth/team-permissions/add-member', {
    teamId: privateTeam.id,
    userId: privateTeamMember.id,
    role: 'member',
  });
  expect(added.status, added.text).toBe(200);

  const rows = await context.database.db
    .selectFrom('member')
    .select(['id', 'userId'])
    .where('organizationId', '=', id)
    .execute();
  const memberIds = Object.fromEntries(rows.map((row) => [row.userId as string, row.id as string]));
  return {
    id,
    name,
    slug,
    owner,
    admin: orgAdmin,
    member,
    privateTeamMember,
    outsider,
    publicTeam,
    privateTeam,
    memberIds,
  };
}

/** The session cookie as the browser holds it (name=value), to replay after the client let go of it. */
export function sessionCookie(client: TestClient): string {
  const header = client.cookieHeader;
  expect(header).toMatch(/session_token=/);
  return header;
}

/** A request that carries exactly the given cookie header, as a stolen or stale cookie would be replayed. */
export async function replay(context: TestContext, cookie: string, path: string) {
  const response = await context.app.fetch(
    new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie, origin: TEST_ORIGIN } }),
  );
  return { status: response.status, text: await response.text() };
}
