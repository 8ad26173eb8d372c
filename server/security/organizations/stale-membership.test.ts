import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { organizationSuite } from '#test/fixtures/admin-organizations';
import type { TestResponse } from '#test/http-client';
import { pngForm } from '#test/images';
import { organizationPageState, setMemberRole } from '#test/organization-page';
import { ENGINES } from '#test/test-context';
import { inMembershipTurn } from '../../src/db/membership-turns';
import { lockOrganization } from '../../src/db/organization-lock';
import type { DB } from '../../src/db/schema';

/** Long enough for a request to read the caller's membership and reach the organization's lock. */
const WAIT_MS = 500;
const ROUNDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A member removed or demoted while their request waited for the organization's lock: the deletion,
 * the logo and the policies act on the membership read again under the lock, never on the one the
 * request read on its way in.
 */
describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('a membership that changes while its request waits, on %s', (engine) => {
    const suite = organizationSuite(engine);

    /**
     * Sends `request` while the organization is held as a change to its members holds it (on SQLite
     * its membership turn; on PostgreSQL its row lock, as another instance would), and makes `change`
     * there: the request read the membership before the change, and reaches the lock after it.
     */
    async function whileHeld(
      organizationId: string,
      change: (db: Kysely<DB>) => Promise<unknown>,
      request: () => Promise<TestResponse<any>>,
    ) {
      const { database } = suite.context;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const holder =
        engine === 'postgres'
          ? database.db.transaction().execute(async (trx) => {
              await lockOrganization(trx, engine, organizationId);
              held();
              await gate;
              await change(trx);
            })
          : inMembershipTurn(database, async () => {
              held();
              await gate;
              await change(database.db);
            });
      await isHeld;
      const pending = request();
      await sleep(WAIT_MS);
      release();
      await holder;
      return pending;
    }

    type Action = {
      name: string;
      /** The role the caller needs; the demotion gives them `weaker`, which lacks the permission. */
      role: string;
      weaker: string;
      send: (path: string, confirmName: string) => Promise<TestResponse<any>>;
    };
    const actions: Action[] = [
      {
        name: 'deletes the organization',
        role: 'owner',
        weaker: 'admin',
        send: (path, confirmName) => suite.orgAdmin.client.request('DELETE', path, { json: { confirmName } }),
      },
      {
        name: 'sets the logo',
        role: 'admin',
        weaker: 'member',
        send: async (path) => suite.orgAdmin.client.request('PUT', `${path}/logo`, { body: await pngForm({}, 16) }),
      },
      {
        name: 'removes the logo',
        role: 'admin',
        weaker: 'member',
        send: (path) => suite.orgAdmin.client.request('DELETE', `${path}/logo`),
      },
      {
        name: 'sets the policies',
        role: 'admin',
        weaker: 'member',
        send: (path) =>
          suite.orgAdmin.client.request('PUT', `${path}/policies`, {
            json: { requireTwoFactor: false, invitationDomains: ['late.example'] },
          }),
      },
    ];

    for (const action of actions) {
      it(`refuses a member removed or demoted while waiting who ${action.name}, changing nothing`, async () => {
        const got: string[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          for (const outcome of ['removed', 'demoted'] as const) {
            const organization = await suite.organization('Stale');
            const path = `/api/v1/organizations/${organization.id}`;
            const memberId = organization.memberIds.orgAdmin;
            await setMemberRole(suite.context, organization.id, suite.orgAdmin.id, action.role);
            // A logo in place, so that its removal would show.
            const logo = await suite.owner.client.request('PUT', `${path}/logo`, { body: await pngForm() });
            expect(logo.status, logo.text).toBe(200);
            const before = await organizationPageState(suite.context, organization.id);

            const answer = await whileHeld(
              organization.id,
              (db) =>
                outcome === 'removed'
                  ? db.deleteFrom('member').where('id', '=', memberId).execute()
                  : db.updateTable('member').set({ role: action.weaker }).where('id', '=', memberId).execute(),
              () => action.send(path, organization.name),
            );
            got.push(`${outcome} ${answer.status} ${answer.body.code}`);

            // Only the change made while the request waited.
            const members =
              outcome === 'removed'
                ? before.rows.members.filter((row) => row.id !== memberId)
                : before.rows.members.map((row) => (row.id === memberId ? { ...row, role: action.weaker } : row));
            expect(await organizationPageState(suite.context, organization.id)).toEqual({
              ...before,
              rows: { ...before.rows, members },
            });
          }
        }
        expect(got).toEqual(
          Array.from({ length: ROUNDS }, () => [
            'removed 404 ORGANIZATION_NOT_FOUND',
            'demoted 403 ORGANIZATION_PERMISSION_DENIED',
          ]).flat(),
        );
      });
    }
  });
});
