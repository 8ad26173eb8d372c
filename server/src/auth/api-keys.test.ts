import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_DEFAULT_EXPIRES_IN_SECONDS } from '#common/api-keys';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

describe.each(ENGINES)('API keys on %s', (engine) => {
  let context: TestContext;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    context = await createTestContext(engine);
    alice = new TestClient(context.app);
    bob = new TestClient(context.app);
    await alice.post('/api/auth/sign-up/email', {
      email: 'alice@example.com',
      password: 'alice-password-1',
      name: 'Alice',
    });
    await bob.post('/api/auth/sign-up/email', { email: 'bob@example.com', password: 'bob-password-1', name: 'Bob' });
  });
  afterAll(async () => context?.destroy());

  const create = (client: TestClient, name = "Alice's API Key") =>
    client.post('/api/auth/api-key/create', { name, expiresIn: API_KEY_DEFAULT_EXPIRES_IN_SECONDS });
  const me = (key: string) => new TestClient(context.app).get('/api/v1/me', { 'x-api-key': key });

  it('creates a key shown once, lists it without the secret, and authenticates /api/v1 with it', async () => {
    const created = await create(alice);
    expect(created.status).toBe(200);
    const { key, id, start } = created.body;
    expect(key).toMatch(/^.{32,}$/);
    expect(key.startsWith(start!)).toBe(true);
    const expiresIn = (new Date(created.body.expiresAt!).getTime() - Date.now()) / 1000;
    expect(expiresIn).toBeGreaterThan(API_KEY_DEFAULT_EXPIRES_IN_SECONDS - 60);
    expect(expiresIn).toBeLessThanOrEqual(API_KEY_DEFAULT_EXPIRES_IN_SECONDS);

    const listed = await alice.get('/api/auth/api-key/list');
    const mine = listed.body.apiKeys.find((entry: { id: string }) => entry.id === id);
    expect(mine).toMatchObject({ name: "Alice's API Key", start, enabled: true });
    // The secret is shown once, at creation: no listed key has it.
    expect((mine as { key?: string }).key).toBeUndefined();

    const whoami = await me(key);
    expect(whoami.status).toBe(200);
    expect(whoami.body).toMatchObject({ data: { email: 'alice@example.com' }, via: 'api-key' });
  });

  it('stores only a hash of the key', async () => {
    const { key, id } = (await create(alice)).body;
    const row = await context.database.db
      .selectFrom('apikey')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(key);
    expect(row.key).not.toBe(key);
    expect(String(row.key).length).toBeGreaterThan(20);
  });

  it("keeps one user's keys out of another's reach", async () => {
    const { id, key } = (await create(alice)).body;
    expect((await bob.get('/api/auth/api-key/list')).body.apiKeys).toEqual([]);
    const read = await bob.get(`/api/auth/api-key/get?id=${id}`);
    expect(read.status).toBe(404);
    const deleted = await bob.post('/api/auth/api-key/delete', { keyId: id });
    expect(deleted.status).toBe(404);
    const updated = await bob.post('/api/auth/api-key/update', { keyId: id, enabled: false });
    expect(updated.status).toBe(404);
    expect((await me(key)).status).toBe(200);
  });

  it('refuses a disabled, a deleted, an expired and a made-up key', async () => {
    const disabled = (await create(alice)).body;
    expect((await alice.post('/api/auth/api-key/update', { keyId: disabled.id, enabled: false })).status).toBe(200);
    expect((await me(disabled.key)).status).toBe(401);

    const deleted = (await create(alice)).body;
    expect((await alice.post('/api/auth/api-key/delete', { keyId: deleted.id })).body).toEqual({ success: true });
    expect((await me(deleted.key)).status).toBe(401);

    const expired = (await create(alice)).body;
    await context.database.db
      .updateTable('apikey')
      .set({
        expiresAt:
          context.database.engine === 'sqlite'
            ? new Date(Date.now() - 1000).toISOString()
            : new Date(Date.now() - 1000),
      })
      .where('id', '=', expired.id)
      .execute();
    const refused = await me(expired.key);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_API_KEY');

    expect((await me('gh_not-a-real-key-at-all-0000000000000000')).status).toBe(401);
    expect((await new TestClient(context.app).get('/api/v1/me')).status).toBe(401);
  });

  it('allows sustained use of a key (not the plugin default of 10 calls a day)', async () => {
    const { key } = (await create(alice)).body;
    for (let call = 0; call < 15; call += 1) expect((await me(key)).status).toBe(200);
  });

  it('does not let a key manage the account through the auth API', async () => {
    const { key } = (await create(alice)).body;
    const session = await new TestClient(context.app).get('/api/auth/get-session', { 'x-api-key': key });
    expect(session.body).toBeNull();
  });

  it('refuses keys to guest accounts', async () => {
    const guest = new TestClient(context.app);
    await guest.post('/api/auth/sign-in/anonymous');
    const response = await create(guest, 'guest key');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'NO_API_KEYS_FOR_GUESTS',
      message: 'Guest accounts cannot create API keys. Sign up first.',
    });
  });
});
