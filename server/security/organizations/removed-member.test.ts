import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTestRedis,
  createTestContext,
  ENGINES,
  TEST_REDIS_URL,
  type Engine,
  type TestContext,
} from '#test/test-context';
import { organizationRows } from '#test/organization-rows';
import { acmeOrganization } from '../access-control/organization-attacks';
import { brief, refused } from '../access-control/endpoints';
import { apiKey, apiKeyCaller, signIn, type Person } from '../support/principals';

describe('ASVS V8 Authorization: a removed or leaving member loses everything at once', () => {
  // Sessions in Redis too: Better Auth reads the active organization from there first.
  const setups = [...ENGINES.map((engine) => [engine, false] as const), ['postgres', true] as const];
  describe.each(setups)('on %s (sessions in Redis: %s)', (engine: Engine, inRedis: boolean) => {
    const acme = {} as { context: TestContext } & Awaited<ReturnType<typeof acmeOrganization>>;
    let release = async () => {};
    beforeAll(async () => {
      if (inRedis) {
        const redis = await connectTestRedis();
        release = redis.release;
        acme.context = await createTestContext(engine, {
          env: { REDIS_URL: TEST_REDIS_URL },
          redisKeyPrefix: redis.prefix,
        });
      } else {
        acme.context = await createTestContext(engine);
      }
      Object.assign(acme, await acmeOrganization(acme.context));
    });
    afterAll(async () => {
      await acme.context?.destroy();
      await release();
    });

    /** What the person's sessions still name as active, as stored. */
    const activeOf = (userId: string) =>
      acme.context.database.db
        .selectFrom('session')
        .select(['activeOrganizationId', 'activeTeamId'])
        .where('userId', '=', userId)
        .execute();

    /**
     * Every way back in a former member might try, by the organization's id, their stale active
     * organization and team, or a team's id: each one refused or empty, none showing the organization.
     */
    async function waysBackIn(person: Person) {
      const { id } = acme.org;
      const team = acme.org.privateTeam.id;
      const attempts: Array<[string, Promise<{ status: number; text: string }>]> = [
        ['get-active-member', person.client.get('/api/auth/organization/get-active-member')],
        ['get-full-organization (active)', person.client.get('/api/auth/organization/get-full-organization')],
        [
          'get-full-organization',
          person.client.get(`/api/auth/organization/get-full-organization?organizationId=${id}`),
        ],
        ['get-organization', person.client.get(`/api/auth/organization/get-organization?organizationId=${id}`)],
        ['list-members (active)', person.client.get('/api/auth/organization/list-members')],
        ['list-roles (active)', person.client.get('/api/auth/organization/list-roles')],
        ['list-invitations (active)', person.client.get('/api/auth/organization/list-invitations')],
        ['list-teams (active)', person.client.get('/api/auth/organization/list-teams')],
        ['list-team-members (active team)', person.client.get('/api/auth/organization/list-team-members')],
        ['list-team-members', person.client.get(`/api/auth/organization/list-team-members?teamId=${team}`)],
        ['set-active-team', person.client.post('/api/auth/organization/set-active-team', { teamId: team })],
        ['team-permissions/get-team', person.client.get(`/api/auth/team-permissions/get-team?teamId=${team}`)],
        [
          'team-permissions/get-team-role',
          person.client.get(`/api/auth/team-permissions/get-team-role?teamId=${team}`),
        ],
        [
          'invite-member (active)',
          person.client.post('/api/auth/organization/invite-member', { email: 'back@example.com', role: 'member' }),
        ],
        ['set-active', person.client.post('/api/auth/organization/set-active', { organizationId: id })],
      ];
      const failures: string[] = [];
      for (const [label, attempt] of attempts) {
        const response = await attempt;
        // A session without an active organization is answered null: nothing.
        const nothing = refused(response.status) || response.text === 'null';
        if (!nothing) failures.push(`${label}: ${brief(response as never)}`);
        if (response.text.includes(acme.org.name)) failures.push(`${label} shows the organization`);
      }
      const teams = await person.client.get(`/api/auth/team-permissions/list-teams?organizationId=${id}`);
      if (teams.status !== 200 || JSON.stringify(teams.body) !== '[]') failures.push(`list-teams: ${brief(teams)}`);
      const permission = await person.client.post('/api/auth/organization/has-permission', {
        organizationId: id,
        permissions: { ac: ['read'] },
      });
      if (!refused(permission.status) && (permission.body as { success?: boolean }).success !== false)
        failures.push(`has-permission: ${brief(permission)}`);
      return failures;
    }

    it('a removed member, their active organization and team left behind, gets nothing of the organization', async () => {
      const removed = acme.org.privateTeamMember;
      const other = await signIn(acme.context, removed.email, removed.password);
      for (const client of [removed.client, other]) {
        expect((await client.post('/api/auth/organization/set-active', { organizationId: acme.org.id })).status).toBe(
          200,
        );
        const team = await client.post('/api/auth/organization/set-active-team', { teamId: acme.org.privateTeam.id });
        expect(team.status, team.text).toBe(200);
      }
      const key = await apiKey(removed);
      const removal = await acme.org.owner.client.post('/api/auth/organization/remove-member', {
        organizationId: acme.org.id,
        memberIdOrEmail: acme.org.memberIds[removed.id],
      });
      expect(removal.status, removal.text).toBe(200);
      // Better Auth leaves the removed person's sessions naming the organization and team as active.
      expect(await activeOf(removed.id)).toEqual([
        { activeOrganizationId: acme.org.id, activeTeamId: acme.org.privateTeam.id },
        { activeOrganizationId: acme.org.id, activeTeamId: acme.org.privateTeam.id },
      ]);
      const before = await organizationRows(acme.context, acme.org.id);
      expect(before.places.filter((place) => place.userId === removed.id)).toEqual([]);
      expect(await waysBackIn({ ...removed, client: other })).toEqual([]);
      expect(await waysBackIn(removed)).toEqual([]);
      // Naming it as active again is refused, and Better Auth then clears it from that session.
      expect((await activeOf(removed.id)).map((row) => row.activeOrganizationId)).toEqual([null, null]);
      // An API key never reaches organizations, the person's own list included.
      const byKey = apiKeyCaller('removed member key', acme.context, key);
      for (const [path, status] of [
        [`/api/auth/organization/get-full-organization?organizationId=${acme.org.id}`, 401],
        [`/api/auth/organization/list-members?organizationId=${acme.org.id}`, 401],
        [`/api/auth/team-permissions/get-team?teamId=${acme.org.privateTeam.id}`, 401],
        ['/api/v1/organizations', 403],
      ] as const) {
        const response = await byKey.send('GET', path);
        expect(response.status, `${path}: ${response.text}`).toBe(status);
        expect(response.text).not.toContain(acme.org.name);
      }
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('a member who leaves from one session gets nothing of the organization from their others', async () => {
      const leaving = acme.org.member;
      const other = await signIn(acme.context, leaving.email, leaving.password);
      expect((await other.post('/api/auth/organization/set-active', { organizationId: acme.org.id })).status).toBe(200);
      const left = await leaving.client.post('/api/auth/organization/leave', { organizationId: acme.org.id });
      expect(left.status, left.text).toBe(200);
      const before = await organizationRows(acme.context, acme.org.id);
      expect(await waysBackIn({ ...leaving, client: other })).toEqual([]);
      expect(await waysBackIn(leaving)).toEqual([]);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });
  });
});
