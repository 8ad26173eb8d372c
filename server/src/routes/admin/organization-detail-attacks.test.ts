import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { signIn, TEST_ADMIN } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import { organizationSuite, type OrganizationFixture } from '#test/fixtures/admin-organizations';

const ACTIONS = [
  'admin.organization_member_role',
  'admin.organization_member_remove',
  'admin.organization_invitation_cancel',
  'admin.organization_delete',
] as const;

/** Nobody but a platform admin's own session reaches the admin organization routes: not even the organization's owner. */
describe.each(ENGINES)('admin organization routes refuse everyone else on %s', (engine) => {
  const suite = organizationSuite(engine);
  let organization: OrganizationFixture;
  let requests: Array<[string, string, unknown?]>;
  let keyOf: { owner: string; admin: string };
  let guest: TestClient;
  let impersonation: TestClient;

  beforeAll(async () => {
    organization = await suite.organization();
    const base = `/api/v1/admin/organizations/${organization.id}`;
    requests = [
      ['GET', base],
      ['GET', `${base}/members?limit=1`],
      ['PATCH', `${base}/members/${organization.memberIds.owner}`, { role: 'member' }],
      ['DELETE', `${base}/members/${organization.memberIds.member}`],
      ['DELETE', `${base}/invitations/${organization.invitationId}`],
      ['DELETE', base, { confirmName: organization.name }],
    ];
    const key = async (client: TestClient) => (await client.post('/api/auth/api-key/create', { name: 'k' })).body.key;
    keyOf = { owner: await key(suite.owner.client), admin: await key(suite.admin) };
    guest = new TestClient(suite.context.app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    impersonation = await signIn(suite.context.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const started = await impersonation.post('/api/auth/admin/impersonate-user', {
      userId: suite.owner.id,
      reason: 'support ticket',
    });
    expect(started.status, started.text).toBe(200);
  });

  /** Each request as the caller, answered with its status (and code), and the organization left as it was. */
  async function outcomes(
    send: (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any }>,
    list = requests,
  ) {
    const before = await suite.stateOf(organization.id);
    const got: string[] = [];
    for (const [method, path, json] of list) {
      const answer = await send(method, path, json);
      got.push(`${method} ${answer.status} ${answer.body?.code}`);
    }
    expect(await suite.stateOf(organization.id)).toEqual(before);
    return got;
  }
  const every = (status: number, code: string, list = requests) =>
    list.map(([method]) => `${method} ${status} ${code}`);
  const as =
    (client: TestClient, headers: Record<string, string> = {}) =>
    (method: string, path: string, json?: unknown) =>
      client.request(method, path, { ...(json === undefined ? {} : { json }), headers });

  it('answers 401 with no session and 403 to the organization owner, a guest and an impersonation', async () => {
    expect(await outcomes(as(new TestClient(suite.context.app)))).toEqual(every(401, 'UNAUTHORIZED'));
    expect(await outcomes(as(suite.owner.client))).toEqual(every(403, 'FORBIDDEN'));
    expect(await outcomes(as(guest))).toEqual(every(403, 'FORBIDDEN'));
    expect(await outcomes(as(impersonation))).toEqual(every(403, 'FORBIDDEN'));
  });

  it("refuses an API key, even an admin's: keys never reach admin routes", async () => {
    for (const key of [keyOf.owner, keyOf.admin]) {
      expect(await outcomes(as(new TestClient(suite.context.app), { [API_KEY_HEADER]: key }))).toEqual(
        every(403, 'API_KEY_NOT_ALLOWED'),
      );
    }
  });

  it("refuses an admin's write from a foreign origin, or with cookies and no origin at all", async () => {
    const writes = requests.filter(([method]) => method !== 'GET');
    const foreign = as(suite.admin, { origin: 'https://evil.example' });
    expect(await outcomes(foreign, writes)).toEqual(every(403, 'INVALID_ORIGIN', writes));
    const bare = async (method: string, path: string, json?: unknown) => {
      const response = await suite.context.app.fetch(
        new Request(`${TEST_ORIGIN}${path}`, {
          method,
          headers: { cookie: suite.admin.cookieHeader, 'content-type': 'application/json' },
          body: json === undefined ? null : JSON.stringify(json),
        }),
      );
      return { status: response.status, body: await response.json() };
    };
    expect(await outcomes(bare, writes)).toEqual(every(403, 'INVALID_ORIGIN', writes));
  });

  it('records none of the refused attempts as an admin action', async () => {
    await suite.context.audit.flush();
    const events = await suite.context.database.db
      .selectFrom('auditEvent')
      .select('action')
      .where('action', 'in', [...ACTIONS])
      .execute();
    expect(events).toEqual([]);
    // And the admin's own session still works on the untouched organization.
    const detail = await suite.call('GET', `/${organization.id}`);
    expect(detail.body.data.members).toHaveLength(3);
    expect(detail.body.data.invitations).toHaveLength(1);
    const members = await suite.call('GET', `/${organization.id}/members`);
    expect([members.status, members.body.total, members.body.data.length]).toEqual([200, 3, 3]);
  });
});
