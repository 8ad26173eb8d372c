import { describe, expect, it } from 'vitest';
import { signIn, signUp, withTestContext } from '#test/accounts';
import { ENGINES } from '#test/test-context';
import { enableTwoFactor, SESSION_COOKIE } from '#test/two-factor';
import { ensureAdmin } from '../admin-bootstrap';

/** A squatter who registered ADMIN_EMAIL first and turned two-factor on cannot keep the operator out. */
describe.each(ENGINES)('taking over a squatted ADMIN_EMAIL with two-factor on, on %s', (engine) => {
  it("removes the squatter's second factor: the operator's password alone signs in", async () => {
    await withTestContext(engine, {}, async (context) => {
      const { client, id } = await signUp(context.app, { email: 'boss@example.com', password: 'squatter-password-1' });
      await enableTwoFactor(client, 'squatter-password-1');

      expect(await ensureAdmin(context.auth, { email: 'boss@example.com', password: 'operator-password-1' })).toBe(
        'taken-over',
      );
      const secrets = await context.database.db.selectFrom('twoFactor').select('id').where('userId', '=', id).execute();
      expect(secrets).toEqual([]);
      const operator = await signIn(context.app, 'boss@example.com', 'operator-password-1');
      expect(operator.cookie(SESSION_COOKIE)).toBeDefined();
      const session = (await operator.get('/api/auth/get-session')).body;
      expect(session?.user).toMatchObject({ id, role: 'admin', twoFactorEnabled: false });
    });
  });
});
