import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/auth/admin-bootstrap';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

describe.each(ENGINES)('ASVS V6 authentication: a squatted ADMIN_EMAIL on %s', (engine) => {
  const contexts: TestContext[] = [];
  afterEach(async () => {
    for (const context of contexts) await context.destroy();
    contexts.length = 0;
  });

  it('takes over an account someone registered with ADMIN_EMAIL first: password, sessions, keys and passkeys', async () => {
    const context = await createTestContext(engine);
    contexts.push(context);
    const squatter = new TestClient(context.app);
    const signedUp = await squatter.post('/api/auth/sign-up/email', {
      email: 'boss@example.com',
      password: 'squatter-password-1',
      name: 'Not The Boss',
    });
    const userId = signedUp.body.user.id as string;
    const key = (await squatter.post('/api/auth/api-key/create', { name: 'kept access', expiresIn: 86400 })).body.key;
    await context.database.db
      .insertInto('passkey')
      .values({
        id: 'squatter-passkey',
        name: 'Squatter',
        publicKey: 'x',
        userId,
        credentialID: 'squatter-credential',
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: 0,
        createdAt: new Date().toISOString(),
      })
      .execute();

    const takeOvers: unknown[] = [];
    const outcome = await ensureAdmin(
      context.auth,
      { email: 'Boss@Example.com', password: 'operator-password-1' },
      (takeOver) => takeOvers.push(takeOver),
    );
    expect(outcome).toBe('taken-over');
    expect(takeOvers).toEqual([{ userId, sessions: 1, apiKeys: 1, passkeys: 1 }]);

    // Everything the squatter held is gone.
    expect((await squatter.get('/api/auth/get-session')).body).toBeNull();
    expect((await new TestClient(context.app).get('/api/v1/me', { 'x-api-key': key })).status).toBe(401);
    for (const table of ['session', 'apikey', 'passkey'] as const) {
      const column = table === 'apikey' ? 'referenceId' : 'userId';
      expect(await context.database.db.selectFrom(table).selectAll().where(column, '=', userId).execute()).toEqual([]);
    }
    const squatterSignIn = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'boss@example.com',
      password: 'squatter-password-1',
    });
    expect(squatterSignIn.status).toBe(401);

    // The operator's password opens it, as a verified admin.
    const operator = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'boss@example.com',
      password: 'operator-password-1',
    });
    expect(operator.status).toBe(200);
    expect(operator.body.user).toMatchObject({ id: userId, role: 'admin', emailVerified: true });
    // Once an admin, a restart leaves it alone.
    expect(await ensureAdmin(context.auth, { email: 'boss@example.com', password: 'something-else-1' })).toBe(
      'unchanged',
    );
  });
});
