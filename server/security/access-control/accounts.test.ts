import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { ENGINES, type TestContext } from '#test/test-context';
import { sharedContexts } from '../support/contexts';
import { guest, PASSWORD, plainUser, uniqueEmail } from '../support/principals';
import { brief } from './endpoints';

const contexts = sharedContexts();

describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('accounts on %s', (engine) => {
    let context: TestContext;
    beforeAll(async () => {
      context = await contexts.get(engine);
    });

    describe('nobody raises their own role', () => {
      const roleOf = async (userId: string) =>
        (await context.database.db.selectFrom('user').select('role').where('id', '=', userId).executeTakeFirstOrThrow())
          .role;

      it('refuses a user who sets role=admin on themselves through update-user, admin/set-role or admin/update-user', async () => {
        const person = await plainUser(context, 'Climber');
        const viaProfile = await person.client.post('/api/auth/update-user', { role: 'admin' });
        expect(viaProfile.status).toBe(400);
        const viaSetRole = await person.client.post('/api/auth/admin/set-role', { userId: person.id, role: 'admin' });
        expect(viaSetRole.status).toBe(403);
        const viaAdminUpdate = await person.client.post('/api/auth/admin/update-user', {
          userId: person.id,
          data: { role: 'admin' },
        });
        expect(viaAdminUpdate.status).toBe(403);
        expect(await roleOf(person.id)).toBe('user');
      });

      it('refuses a guest who sets role=admin on themselves through update-user', async () => {
        const person = await guest(context);
        expect((await person.client.post('/api/auth/update-user', { role: 'admin' })).status).toBe(400);
        expect(await roleOf(person.id)).toBe('user');
      });
    });

    describe('mass assignment', () => {
      it.each([
        ['role', { role: 'admin' }],
        ['emailVerified', { emailVerified: true }],
        ['banned', { banned: true }],
        ['isAnonymous', { isAnonymous: true }],
        ['all at once', { role: 'admin', emailVerified: true, banned: true }],
      ])(
        'ignores or refuses sign-up with protected fields (%s): the account keeps its defaults',
        async (_label, fields) => {
          const email = uniqueEmail('mass');
          const response = await new TestClient(context.app).post('/api/auth/sign-up/email', {
            email,
            password: PASSWORD,
            name: 'Mass',
            ...fields,
          });
          expect([200, 400], brief(response)).toContain(response.status);
          const row = await context.database.db
            .selectFrom('user')
            .select(['role', 'emailVerified', 'banned', 'isAnonymous'])
            .where('email', '=', email)
            .executeTakeFirst();
          if (response.status === 400) {
            expect(row).toBeUndefined();
          } else {
            expect(row).toBeDefined();
            expect(row!.role).toBe('user');
            expect(Boolean(Number(row!.emailVerified))).toBe(false);
            expect(Boolean(Number(row!.banned))).toBe(false);
            expect(Boolean(Number(row!.isAnonymous))).toBe(false);
          }
        },
      );
    });
  });
});
