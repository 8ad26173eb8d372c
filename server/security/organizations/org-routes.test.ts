import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { signUp } from '#test/accounts';
import { organizationSuite, type OrganizationFixture } from '#test/fixtures/admin-organizations';
import { TestClient } from '#test/http-client';
import { pngForm } from '#test/images';
import { createCustomRole, organizationPageState, setMemberRole } from '#test/organization-page';
import { organizationRows } from '#test/organization-rows';
import { connectTestRedis, createTestContext, ENGINES, TEST_ORIGIN, TEST_REDIS_URL } from '#test/test-context';
import { organization as organizationOf } from '../support/principals';
import { answer } from './policies';

type Request = [method: string, path: string, body?: unknown];
/** An answer read for its refusal's code only. */
type Refusal = Record<string, unknown>;
type Send = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any; text: string }>;

/**
 * The routes of an organization's own page (`/api/v1/organizations/:id…`) against everyone who must
 * not pass: outsiders, guests, API keys, foreign pages, members beyond their permissions, bad input,
 * owners racing. Every refused attempt leaves the organization as it was.
 */
describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('an organization page’s routes on %s', (engine) => {
    const suite = organizationSuite(engine);
    let organization: OrganizationFixture;
    let base: string;
    let logo: FormData;
    /** Every route of the page, each with an input that would change something if let through. */
    let requests: Request[];
    let stranger: TestClient;
    let strangerId: string;
    let guest: TestClient;
    let outsider: { client: TestClient; id: string; organizationId: string };

    const as =
      (client: TestClient, headers: Record<string, string> = {}): Send =>
      (method, path, body) =>
        client.request(
          method,
          path,
          body instanceof FormData ? { body, headers } : body === undefined ? { headers } : { json: body, headers },
        );

    /** Each request, answered `METHOD status code`, and the organization (and `also`) left exactly as it was. */
    async function outcomes(send: Send, list: Request[] = requests, also: string[] = []) {
      const ids = [organization.id, ...also];
      const before = await Promise.all(ids.map((id) => organizationPageState(suite.context, id)));
      const got: string[] = [];
      for (const [method, path, body] of list) {
        const answer = await send(method, path, body);
        got.push(`${method} ${answer.status} ${answer.body?.code}`);
      }
      expect(await Promise.all(ids.map((id) => organizationPageState(suite.context, id)))).toEqual(before);
      return got;
    }
    const every = (status: number, code: string, list: Request[] = requests) =>
      list.map(([method]) => `${method} ${status} ${code}`);

    beforeAll(async () => {
      organization = await suite.organization('Target');
      base = `/api/v1/organizations/${organization.id}`;
      logo = await pngForm({}, 32);
      // A logo in place, so that its removal would show.
      const set = await suite.owner.client.request('PUT', `${base}/logo`, { body: await pngForm() });
      expect(set.status, set.text).toBe(200);
      requests = [
        ['GET', base],
        ['GET', `${base}/members`],
        ['POST', `${base}/transfer`, { memberId: organization.memberIds.orgAdmin }],
        ['DELETE', base, { confirmName: organization.name }],
        ['PUT', `${base}/logo`, logo],
        ['DELETE', `${base}/logo`],
        ['PUT', `${base}/policies`, { requireTwoFactor: false, invitationDomains: ['evil.example'] }],
      ];
      const made = await signUp(suite.context.app, { email: `stranger-${engine}@example.com`, name: 'Stranger' });
      ({ client: stranger, id: strangerId } = made);
      guest = new TestClient(suite.context.app);
      expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
      const owner = await signUp(suite.context.app, { email: `outsider-${engine}@example.com`, name: 'Outsider' });
      const own = await owner.client.post('/api/v1/organizations', { name: 'Outsider Org' });
      expect(own.status, own.text).toBe(201);
      outsider = { ...owner, organizationId: own.body.data.id };
    });

    it('answers a non-member, a guest and the owner of another organization as if it did not exist, leaking nothing', async () => {
      for (const client of [stranger, guest, outsider.client]) {
        expect(await outcomes(as(client))).toEqual(every(404, 'ORGANIZATION_NOT_FOUND'));
      }
      // The same answer as for an organization that does not exist.
      const unknown = await stranger.get('/api/v1/organizations/no-such-organization');
      const hidden = await stranger.get(`/api/v1/organizations/${organization.id}`);
      expect([hidden.status, hidden.body.code, hidden.body.message]).toEqual([
        unknown.status,
        unknown.body.code,
        unknown.body.message,
      ]);
      for (const secret of [organization.name, suite.owner.email, suite.member.email]) {
        expect(hidden.text).not.toContain(secret);
      }
      await suite.context.audit.flush();
      const events = await suite.context.database.db
        .selectFrom('auditEvent')
        .select('action')
        .where('organizationId', '=', organization.id)
        .where('actorId', 'in', [strangerId, outsider.id])
        .execute();
      expect(events).toEqual([]);
    });

    it('refuses an owner of another organization who names a member of this one under their own organization', async () => {
      const own = `/api/v1/organizations/${outsider.organizationId}`;
      const attempts: Request[] = [['POST', `${own}/transfer`, { memberId: organization.memberIds.member }]];
      expect(await outcomes(as(outsider.client), attempts, [outsider.organizationId])).toEqual([
        'POST 404 MEMBER_NOT_FOUND',
      ]);
    });

    it('answers 401 to a visitor and 403 API_KEY_NOT_ALLOWED to an API key, even the owner’s', async () => {
      expect(await outcomes(as(new TestClient(suite.context.app)))).toEqual(every(401, 'UNAUTHORIZED'));
      const key = await suite.owner.client.post('/api/auth/api-key/create', { name: 'k', expiresIn: 86400 });
      expect(key.status, key.text).toBe(200);
      const keyed = as(new TestClient(suite.context.app), { [API_KEY_HEADER]: key.body.key as string });
      expect(await outcomes(keyed)).toEqual(every(403, 'API_KEY_NOT_ALLOWED'));
    });

    it('refuses the owner’s writes from a foreign page, or with cookies and no origin at all', async () => {
      const writes = requests.filter(([method]) => method !== 'GET');
      expect(await outcomes(as(suite.owner.client, { origin: 'https://evil.example' }), writes)).toEqual(
        every(403, 'INVALID_ORIGIN', writes),
      );
      const bare: Send = async (method, path, body) => {
        const response = await suite.context.app.fetch(
          new Request(`${TEST_ORIGIN}${path}`, {
            method,
            headers: {
              cookie: suite.owner.client.cookieHeader,
              ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
            },
            body: body instanceof FormData ? body : body === undefined ? null : JSON.stringify(body),
          }),
        );
        const text = await response.text();
        return { status: response.status, body: JSON.parse(text), text };
      };
      expect(await outcomes(bare, writes)).toEqual(every(403, 'INVALID_ORIGIN', writes));
    });

    it('refuses a plain member every change, and an admin the transfer and the deletion', async () => {
      expect(await outcomes(as(suite.member.client))).toEqual([
        'GET 200 undefined',
        'GET 200 undefined',
        'POST 403 ONLY_OWNER_TRANSFERS',
        'DELETE 403 ORGANIZATION_PERMISSION_DENIED',
        'PUT 403 ORGANIZATION_PERMISSION_DENIED',
        'DELETE 403 ORGANIZATION_PERMISSION_DENIED',
        'PUT 403 ORGANIZATION_PERMISSION_DENIED',
      ]);
      const filtered: Request[] = [['GET', `${base}/members?twoFactor=off`]];
      expect(await outcomes(as(suite.member.client), filtered)).toEqual(['GET 403 ORGANIZATION_PERMISSION_DENIED']);

      const adminAttempts: Request[] = [
        ['POST', `${base}/transfer`, { memberId: organization.memberIds.orgAdmin }],
        ['POST', `${base}/transfer`, { memberId: organization.memberIds.member }],
        ['DELETE', base, { confirmName: organization.name }],
      ];
      expect(await outcomes(as(suite.orgAdmin.client), adminAttempts)).toEqual([
        'POST 403 ONLY_OWNER_TRANSFERS',
        'POST 403 ONLY_OWNER_TRANSFERS',
        'DELETE 403 ORGANIZATION_PERMISSION_DENIED',
      ]);
    });

    it('lets a custom role with exactly one permission do that and nothing more', async () => {
      const own = await suite.organization('Custom');
      const path = `/api/v1/organizations/${own.id}`;
      await createCustomRole(suite.context, own.id, 'brander', { organization: ['update'] });
      await createCustomRole(suite.context, own.id, 'reviewer', { member: ['update'] });
      await setMemberRole(suite.context, own.id, suite.member.id, 'brander');
      await setMemberRole(suite.context, own.id, suite.orgAdmin.id, 'reviewer');
      const before = await organizationPageState(suite.context, own.id);
      const refused: string[] = [];
      for (const [client, method, route, body] of [
        [suite.member.client, 'DELETE', path, { confirmName: own.name }],
        [suite.member.client, 'POST', `${path}/transfer`, { memberId: own.memberIds.member }],
        [suite.member.client, 'GET', `${path}/members?twoFactor=off`],
        [suite.orgAdmin.client, 'PUT', `${path}/logo`, logo],
        [suite.orgAdmin.client, 'DELETE', `${path}/logo`],
        [
          suite.orgAdmin.client,
          'PUT',
          `${path}/policies`,
          { requireTwoFactor: false, invitationDomains: ['x.example'] },
        ],
        [suite.orgAdmin.client, 'DELETE', path, { confirmName: own.name }],
      ] as const) {
        const answer = await as(client)(method, route, body);
        refused.push(`${method} ${answer.status} ${answer.body.code}`);
      }
      expect(refused).toEqual([
        'DELETE 403 ORGANIZATION_PERMISSION_DENIED',
        'POST 403 ONLY_OWNER_TRANSFERS',
        'GET 403 ORGANIZATION_PERMISSION_DENIED',
        'PUT 403 ORGANIZATION_PERMISSION_DENIED',
        'DELETE 403 ORGANIZATION_PERMISSION_DENIED',
        'PUT 403 ORGANIZATION_PERMISSION_DENIED',
        'DELETE 403 ORGANIZATION_PERMISSION_DENIED',
      ]);
      expect(await organizationPageState(suite.context, own.id)).toEqual(before);
      const brander = await suite.member.client.get(`/api/v1/organizations/${own.id}/members`);
      expect(brander.body.data.map((row) => row.twoFactorEnabled)).toEqual([null, null, null]);

      // What each role holds, it may do.
      const reviewer = await suite.orgAdmin.client.get(`/api/v1/organizations/${own.id}/members?twoFactor=off`);
      expect([reviewer.status, reviewer.body.total, reviewer.body.data[0]!.twoFactorEnabled]).toEqual([200, 3, false]);
      const branded = await suite.member.client.request('PUT', `${path}/policies`, {
        json: { requireTwoFactor: false, invitationDomains: ['brand.example'] },
      });
      expect(branded.body).toEqual({ data: { requireTwoFactor: false, invitationDomains: ['brand.example'] } });
    });

    it('refuses input of the wrong type or shape, saying why, and changes nothing', async () => {
      const bad: Array<[...Request, number, string]> = [
        ['POST', `${base}/transfer`, { memberId: 42 }, 400, 'memberId is required'],
        ['POST', `${base}/transfer`, {}, 400, 'memberId is required'],
        ['POST', `${base}/transfer`, { memberId: 'x'.repeat(201) }, 400, 'memberId is at most 200 characters'],
        ['POST', `${base}/transfer`, { memberId: 'no-such-member' }, 404, 'Member not found in this organization'],
        ['DELETE', base, { confirmName: 5 }, 400, 'confirmName is required'],
        ['DELETE', base, {}, 400, 'confirmName is required'],
        [
          'PUT',
          `${base}/policies`,
          { requireTwoFactor: 'yes', invitationDomains: [] },
          400,
          'requireTwoFactor must be true or false',
        ],
        [
          'PUT',
          `${base}/policies`,
          { requireTwoFactor: false, invitationDomains: 'example.com' },
          400,
          'invitationDomains must be a list of domains',
        ],
        [
          'PUT',
          `${base}/policies`,
          { requireTwoFactor: false, invitationDomains: ['not a domain'] },
          400,
          'Enter a domain such as example.com',
        ],
        [
          'PUT',
          `${base}/policies`,
          { requireTwoFactor: false, invitationDomains: Array.from({ length: 21 }, (_, i) => `d${i}.example`) },
          400,
          'At most 20 domains',
        ],
        ['PUT', `${base}/logo`, { file: 'x' }, 415, 'Send the request body as multipart/form-data'],
        ['PUT', `${base}/logo`, new FormData(), 400, 'Send the image as multipart/form-data with a "file" field'],
      ];
      const got: string[] = [];
      const before = await organizationPageState(suite.context, organization.id);
      for (const [method, path, body, status, message] of bad) {
        const answer = await as(suite.owner.client)(method, path, body);
        got.push(`${method} ${path.slice(base.length)} ${answer.status} ${answer.body.message}`);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
        expect(answer.body.message).toBe(message);
      }
      expect(got).toHaveLength(bad.length);
      expect(await organizationPageState(suite.context, organization.id)).toEqual(before);
    });

    it('refuses a body under another content type on DELETE as on the other writes, changing nothing', async () => {
      const before = await organizationPageState(suite.context, organization.id);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const answer = await suite.owner.client.request<Refusal>('DELETE', base, {
          body: JSON.stringify({ confirmName: organization.name }),
          headers: { 'content-type': type },
        });
        expect([answer.status, answer.body.code, answer.body.message]).toEqual([
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the request body as application/json',
        ]);
      }
      expect(await organizationPageState(suite.context, organization.id)).toEqual(before);
    });

    it('hands the organization to no banned member and no guest, changing nothing', async () => {
      const own = await suite.organization('Handover');
      const path = `/api/v1/organizations/${own.id}/transfer`;
      const join = async (userId: string) => {
        await suite.context.auth.api.addMember({ body: { userId, organizationId: own.id, role: 'member' } });
        const row = await suite.context.database.db
          .selectFrom('member')
          .select('id')
          .where('organizationId', '=', own.id)
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const banned = await signUp(suite.context.app, { email: `banned-${engine}@example.com`, name: 'Banned' });
      const bannedMemberId = await join(banned.id);
      const ban = await suite.admin.post('/api/auth/admin/ban-user', { userId: banned.id, banReason: 'abuse' });
      expect(ban.status, ban.text).toBe(200);
      const visitor = new TestClient(suite.context.app);
      const anonymous = await visitor.post('/api/auth/sign-in/anonymous');
      expect(anonymous.status, anonymous.text).toBe(200);
      const guestMemberId = await join(anonymous.body.user.id as string);

      const before = await organizationPageState(suite.context, own.id);
      const got: string[] = [];
      for (const memberId of [bannedMemberId, guestMemberId]) {
        const answer = await suite.owner.client.post<Refusal>(path, { memberId });
        got.push(`${answer.status} ${answer.body.code}`);
      }
      expect(got).toEqual(['400 TRANSFER_TARGET_NOT_ALLOWED', '400 TRANSFER_TARGET_NOT_ALLOWED']);
      expect(await organizationPageState(suite.context, own.id)).toEqual(before);

      // A ban that has ended no longer stands in the way.
      await suite.context.database.db
        .updateTable('user')
        .set({
          banExpires:
            engine === 'postgres' ? new Date(Date.now() - 60_000) : new Date(Date.now() - 60_000).toISOString(),
        })
        .where('id', '=', banned.id)
        .execute();
      const handed = await suite.owner.client.post(path, { memberId: bannedMemberId });
      expect(handed.status, handed.text).toBe(200);
    });

    it('names the person an admin impersonates in the events of the page, and shows them in that person’s activity', async () => {
      const own = await suite.organization('Impersonated');
      const path = `/api/v1/organizations/${own.id}`;
      const start = await suite.admin.post('/api/auth/admin/impersonate-user', {
        userId: suite.owner.id,
        reason: 'Support ticket 31',
      });
      expect(start.status, start.text).toBe(200);
      let refused: string;
      let set: string;
      const before = await organizationPageState(suite.context, own.id);
      try {
        const mismatch = await suite.admin.request<Refusal>('DELETE', path, { json: { confirmName: 'not its name' } });
        refused = `${mismatch.status} ${mismatch.body.code}`;
        expect(await organizationPageState(suite.context, own.id)).toEqual(before);
        const policies = await suite.admin.request<Refusal>('PUT', `${path}/policies`, {
          json: { requireTwoFactor: false, invitationDomains: ['support.example'] },
        });
        set = `${policies.status} ${policies.body.code}`;
      } finally {
        expect((await suite.admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
      }
      expect([refused, set]).toEqual(['400 CONFIRM_NAME_MISMATCH', '200 undefined']);
      // The one change asked for, nothing else.
      expect(await organizationPageState(suite.context, own.id)).toEqual({
        ...before,
        policies: { requireTwoFactor: false, invitationDomains: ['support.example'] },
      });

      const activity = await suite.owner.client.get('/api/v1/me/audit');
      expect(activity.status, activity.text).toBe(200);
      const events = activity.body.data.filter(
        (event) => event.organizationId === own.id && event.actorId === suite.adminId,
      );
      expect(
        events.map((event) => [event.action, event.outcome, event.actorId, event.targetUserId, event.details]),
      ).toEqual([
        [
          'organization.policies',
          'success',
          suite.adminId,
          suite.owner.id,
          { requireTwoFactor: false, invitationDomains: 'support.example', impersonating: suite.owner.id },
        ],
        [
          'organization.delete',
          'failure',
          suite.adminId,
          suite.owner.id,
          { code: 'CONFIRM_NAME_MISMATCH', impersonating: suite.owner.id },
        ],
      ]);
    });

    it('keeps exactly the owners one transfer leaves when two owners hand over to each other at once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const race = await suite.organization('Race');
        await setMemberRole(suite.context, race.id, suite.orgAdmin.id, 'owner');
        const path = `/api/v1/organizations/${race.id}/transfer`;
        const answers = await Promise.all([
          suite.owner.client.post(path, { memberId: race.memberIds.orgAdmin }),
          suite.orgAdmin.client.post(path, { memberId: race.memberIds.owner }),
        ]);
        for (const answer of answers) expect([200, 403], answer.text).toContain(answer.status);
        const roles = await suite.context.database.db
          .selectFrom('member')
          .select(['id', 'role'])
          .where('organizationId', '=', race.id)
          .execute();
        const roleOf = (id: string) => roles.find((row) => row.id === id)?.role;
        // One after the other: the last transfer's target owns it, its caller is admin, the member unchanged.
        expect([roleOf(race.memberIds.owner), roleOf(race.memberIds.orgAdmin)].sort()).toEqual(['admin', 'owner']);
        expect(roleOf(race.memberIds.member)).toBe('member');
        expect(roles.filter((row) => row.role === 'owner')).toHaveLength(1);
      }
    });

    it('keeps a member without two-factor out of every route while the organization asks for it', async () => {
      const strict = await suite.organization('Strict');
      const path = `/api/v1/organizations/${strict.id}`;
      await suite.context.database.db
        .updateTable('organization')
        .set({ requireTwoFactor: engine === 'postgres' ? true : 1 })
        .where('id', '=', strict.id)
        .execute();
      const list: Request[] = requests.map(([method, route, body]) => [method, route.replace(base, path), body]);
      const strictOutcomes = async (client: TestClient) => {
        const before = await organizationPageState(suite.context, strict.id);
        const got: string[] = [];
        for (const [method, route, body] of list)
          got.push(`${method} ${(await as(client)(method, route, body)).status}`);
        expect(await organizationPageState(suite.context, strict.id)).toEqual(before);
        return got;
      };
      for (const client of [suite.member.client, suite.owner.client]) {
        expect(await strictOutcomes(client)).toEqual(list.map(([method]) => `${method} 403`));
      }
      const member = await suite.member.client.get(`/api/v1/organizations/${strict.id}/members`);
      expect(member.body.code).toBe('ORGANIZATION_REQUIRES_TWO_FACTOR');
      // With two-factor on their account, the same member is let in.
      const flag = (on: boolean) =>
        suite.context.database.db
          .updateTable('user')
          .set({ twoFactorEnabled: engine === 'postgres' ? on : Number(on) })
          .where('id', '=', suite.member.id)
          .execute();
      await flag(true);
      try {
        expect((await suite.member.client.get(path)).status).toBe(200);
      } finally {
        await flag(false);
      }
    });
  });
  describe.each(ENGINES)('an organization’s deletion on %s', (engine) => {
    it.each(['the database', 'Redis'])(
      'refuses Better Auth’s own deletion even to the owner, and leaves no session working in a deleted organization (sessions in %s)',
      async (store) => {
        const redis = store === 'Redis' ? await connectTestRedis() : undefined;
        const context = await createTestContext(
          engine,
          redis ? { env: { REDIS_URL: TEST_REDIS_URL }, redisKeyPrefix: redis.prefix } : {},
        );
        try {
          const org = await organizationOf(context, 'Doomed');
          const { owner, privateTeamMember } = org;
          const before = await organizationRows(context, org.id);
          const byBetterAuth = await owner.client.post('/api/auth/organization/delete', { organizationId: org.id });
          expect(answer(byBetterAuth)).toEqual({ status: 404, code: 'ORGANIZATION_DELETION_DISABLED' });
          expect(await organizationRows(context, org.id)).toEqual(before);

          for (const person of [owner, privateTeamMember]) {
            const active = await person.client.post('/api/auth/organization/set-active', { organizationId: org.id });
            expect(active.status, active.text).toBe(200);
          }
          const team = await privateTeamMember.client.post('/api/auth/organization/set-active-team', {
            teamId: org.privateTeam.id,
          });
          expect(team.status, team.text).toBe(200);
          const deleted = await owner.client.request('DELETE', `/api/v1/organizations/${org.id}`, {
            json: { confirmName: org.name },
          });
          expect(deleted.status, deleted.text).toBe(200);

          const sessions = await context.database.db
            .selectFrom('session')
            .select(['activeOrganizationId', 'activeTeamId'])
            .where('userId', 'in', [owner.id, privateTeamMember.id])
            .execute();
          expect(sessions.length).toBeGreaterThan(0);
          expect(sessions.filter((row) => row.activeOrganizationId !== null || row.activeTeamId !== null)).toEqual([]);
          // Whatever copy of the session a request reads, the organization it names is gone: it grants nothing.
          for (const path of ['list-members', 'list-team-members', 'get-full-organization', 'list-roles']) {
            const response = await privateTeamMember.client.get(`/api/auth/organization/${path}`);
            expect(response.status === 200 && response.body !== null, `${path}: ${response.text}`).toBe(false);
            expect(response.text, path).not.toContain(org.owner.email);
          }
        } finally {
          await context.destroy();
          await redis?.release();
        }
      },
    );
  });
});
