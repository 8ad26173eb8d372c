import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuditAction } from '#common/audit';
import { ADMIN_ENV, signInAdmin, signUp, verifyEmail } from '../../testing/accounts';
import type { Answer, TestBody, TestClient, TestResponse } from '../../testing/http-client';
import { organizationRows } from '../../testing/organization-rows';
import { createTestContext, type Engine, type TestContext } from '../../testing/test-context';

export interface Person {
  client: TestClient;
  id: string;
  email: string;
}

/** An organization made as people make them: its owner, an admin, a member, a private team, an invitation. */
export interface OrganizationFixture {
  id: string;
  name: string;
  /** The `member` row ids. */
  memberIds: { owner: string; orgAdmin: string; member: string };
  /** Better Auth's default team (the owner has a place) and a private team where `member` has one. */
  teamIds: { default: string; private: string };
  invitationId: string;
}

export interface OrganizationSuite {
  context: TestContext;
  admin: TestClient;
  adminId: string;
  /** The owner of every organization the suite makes; not a platform admin. */
  owner: Person;
  orgAdmin: Person;
  member: Person;
  organization(label?: string): Promise<OrganizationFixture>;
  /** A request to `/api/v1/admin/organizations` + `path`, as the admin unless told. */
  call<Method extends string, Path extends string>(
    method: Method,
    path: Path,
    json?: unknown,
    client?: TestClient,
  ): Promise<TestResponse<TestBody<Answer<Method, `/api/v1/admin/organizations${Path}`>>>>;
  /** Every row of the organization these routes read or change. */
  stateOf(organizationId: string): Promise<unknown>;
  /**
   * Expects the newest audit event of the action, once written, to be the admin's on the organization
   * and to hold `fields` (its details parsed).
   */
  expectAdminEvent(action: AuditAction, organizationId: string, fields: Record<string, unknown>): Promise<void>;
}

async function ok<Body>(call: Promise<TestResponse<Body>>) {
  const response = await call;
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** A context with the admin and the three people above, for one `describe` block. */
export function organizationSuite(engine: Engine): OrganizationSuite {
  const suite = {} as OrganizationSuite;
  beforeAll(async () => {
    const context = (suite.context = await createTestContext(engine, { env: ADMIN_ENV }));
    suite.admin = await signInAdmin(context.app);
    suite.adminId = (await suite.admin.get('/api/auth/get-session')).body!.user.id;
    const person = async (label: string) => {
      const email = `${label}-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const { client, id } = await signUp(context.app, { email, name: label });
      return { client, id, email };
    };
    suite.owner = await person('owner');
    // Only a verified account sends invitations.
    await verifyEmail(context, suite.owner.client, suite.owner.email);
    suite.orgAdmin = await person('org-admin');
    suite.member = await person('member');
  });
  afterAll(async () => suite.context?.destroy());

  suite.call = (method, path, json, client) =>
    (client ?? suite.admin).request(method, `/api/v1/admin/organizations${path}`, json === undefined ? {} : { json });

  suite.organization = async (label = 'Acme') => {
    const { context, owner, orgAdmin, member } = suite;
    const suffix = crypto.randomBytes(3).toString('hex');
    const name = `${label} ${suffix}`;
    const post = <Path extends string>(path: Path, body: unknown) => ok(owner.client.post(`/api/auth${path}`, body));
    const organization = await post('/organization/create', { name, slug: `${label.toLowerCase()}-${suffix}` });
    const id = organization.id as string;
    for (const [person, role] of [
      [orgAdmin, 'admin'],
      [member, 'member'],
    ] as const) {
      await context.auth.api.addMember({ body: { userId: person.id, organizationId: id, role } });
    }
    const team = await post('/organization/create-team', { name: `Private ${suffix}`, organizationId: id });
    await post('/team-permissions/set-permission-mode', { teamId: team.id, permissionMode: 'defined' });
    await post('/team-permissions/add-member', { teamId: team.id, userId: member.id, role: 'member' });
    const invitation = await post('/organization/invite-member', {
      email: `invitee-${suffix}@example.com`,
      role: 'admin',
      organizationId: id,
    });
    const { db } = context.database;
    const rows = await db.selectFrom('member').select(['id', 'userId']).where('organizationId', '=', id).execute();
    const memberId = (person: Person) => rows.find((row) => row.userId === person.id)!.id;
    const defaultTeam = await db
      .selectFrom('team')
      .select('id')
      .where('organizationId', '=', id)
      .where('id', '!=', team.id)
      .executeTakeFirstOrThrow();
    return {
      id,
      name,
      memberIds: { owner: memberId(owner), orgAdmin: memberId(orgAdmin), member: memberId(member) },
      teamIds: { default: defaultTeam.id, private: team.id },
      invitationId: invitation.id,
    };
  };

  suite.stateOf = (organizationId) => organizationRows(suite.context, organizationId);
  suite.expectAdminEvent = async (action, organizationId, fields) => {
    await suite.context.audit.flush();
    const event = await suite.context.database.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', action)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect({ ...event, details: JSON.parse(event.details ?? '{}') }).toMatchObject({
      actorId: suite.adminId,
      organizationId,
      ...fields,
    });
  };
  return suite;
}
