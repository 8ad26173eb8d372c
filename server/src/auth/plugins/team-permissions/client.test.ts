import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserBundleInputs, pluginClient } from '#test/plugin-clients';
import { teamPermissionsClient } from './client';
import { TEAM_ERROR_CODES } from './error-codes';
import { useTeamFixture } from '#test/fixtures/teams';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the team-permissions client plugin', () => {
  it('reaches the browser without the server plugin: its code stays on the server', async () => {
    const inputs = await browserBundleInputs(path.join(here, 'client.ts'));
    expect(inputs).toEqual([expect.stringMatching(/team-permissions\/client\.ts$/)]);
  });

  // The calls do not depend on the database: SQLite is enough here; the matrix runs on both engines.
  describe('against the real app', () => {
    const t = useTeamFixture('sqlite');

    /** The console's client, signed in as `person`, talking to the in-process app. */
    const clientOf = (person: { client: { cookieHeader: string } }) =>
      pluginClient(t.context.app, person.client.cookieHeader, [teamPermissionsClient()]);

    it('calls each endpoint by its path, with the method and fields the server declares', async () => {
      const teamId = await t.team('inherited');
      const owner = clientOf(t.people.orgOwner);

      const made = await owner.teamPermissions.setPermissionMode({ teamId, permissionMode: 'defined' });
      expect(made.data?.team.permissionMode).toBe('defined');
      const added = await owner.teamPermissions.addMember({ teamId, userId: t.people.extra.id });
      expect(added.data).toMatchObject({ teamId, userId: t.people.extra.id, role: 'member' });
      const details = await owner.teamPermissions.getTeam({ query: { teamId } });
      expect(details.data?.access).toMatchObject({ isOwner: true, permissions: { 'team:addMember': true } });
      expect(details.data?.members.map((member) => member.userId)).toContain(t.people.extra.id);
      const listed = await owner.teamPermissions.listTeams({ query: { organizationId: t.organizationId } });
      expect(listed.data?.find((team) => team.id === teamId)).toMatchObject({ permissionMode: 'defined' });
    });

    it('returns the server’s refusals as errors with their codes', async () => {
      const teamId = await t.team('defined');
      const owner = clientOf(t.people.orgOwner);
      const own = await owner.teamPermissions.setRole({ teamId, userId: t.people.orgOwner.id, role: 'member' });
      expect(own.data).toBeNull();
      const { code, message } = TEAM_ERROR_CODES.OWN_ROLE;
      expect(own.error).toMatchObject({ status: 403, code, message });
      const hidden = await clientOf(t.people.outsider).teamPermissions.getTeam({ query: { teamId } });
      expect(hidden.error).toMatchObject({ status: 404, code: 'TEAM_NOT_FOUND', message: 'Team not found' });
    });
  });
});
