import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from './admin-bootstrap';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

describe.each(ENGINES)('admin bootstrap on %s', (engine) => {
  const contexts: TestContext[] = [];
  afterEach(async () => {
    // The first context owns the database; later ones reuse it.
    for (const context of contexts.reverse()) await context.destroy();
    contexts.length = 0;
  });

  it('creates once, then leaves the admin alone on every restart of an already-migrated database', async () => {
    const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-password-1' };
    const first = await createTestContext(engine, { env });
    contexts.push(first);
    const reuse = { dataDir: first.dataDir, ...(first.postgresSchema ? { postgresSchema: first.postgresSchema } : {}) };
    const second = await createTestContext(engine, { env, reuse });
    contexts.push(second);

    const admins = await second.database.db.selectFrom('user').select(['email', 'role']).execute();
    expect(admins).toEqual([{ email: 'boss@example.com', role: 'admin' }]);
    expect(await ensureAdmin(second.auth, { email: 'boss@example.com', password: 'other-password' })).toBe('unchanged');

    // The password given at creation still works: a restart never resets it.
    const signIn = await new TestClient(second.app).post('/api/auth/sign-in/email', {
      email: 'boss@example.com',
      password: 'boss-password-1',
    });
    expect(signIn.status).toBe(200);
  });

  it('promotes an existing account whose password is already ADMIN_PASSWORD, keeping its sessions', async () => {
    const context = await createTestContext(engine);
    contexts.push(context);
    const client = new TestClient(context.app);
    await client.post('/api/auth/sign-up/email', { email: 'dev@example.com', password: 'dev-password-1', name: 'Dev' });

    expect(await ensureAdmin(context.auth, { email: 'dev@example.com', password: 'dev-password-1' })).toBe('promoted');
    expect((await client.get('/api/auth/get-session')).body?.user.role).toBe('admin');
  });
});
