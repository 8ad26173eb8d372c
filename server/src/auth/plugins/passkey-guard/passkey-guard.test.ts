import { describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { selectRows } from '#test/rows';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { PASSKEY_GUARD_ERROR_CODES } from './error-codes';

const ONE_PASSWORD = 'bada5566-a7aa-401f-bd96-45619a55120d';
const ANONYMOUS = '00000000-0000-0000-0000-000000000000';

describe.each(ENGINES)('passkey guard on %s', (engine) => {
  const suite = contextPerSuite(engine);
  let serial = 0;

  const addPasskey = async (userId: string, aaguid: string | null = null) => {
    const id = `passkey-${engine}-${++serial}`;
    await suite.context.database.db
      .insertInto('passkey')
      .values({
        id,
        name: id,
        publicKey: 'x',
        userId,
        credentialID: `credential-${id}`,
        counter: 0,
        deviceType: 'multiDevice',
        backedUp: 1,
        createdAt: new Date().toISOString(),
        aaguid,
      })
      .execute();
    return id;
  };
  /** An account that signs in with passkeys only: its password row is gone, its session kept. */
  const passkeyOnly = async (email: string) => {
    const account = await signUp(suite.context.app, { email });
    await suite.context.database.db.deleteFrom('account').where('userId', '=', account.id).execute();
    return account;
  };
  const passkeyIds = async (userId: string) =>
    (await selectRows(suite.context, 'passkey', ['id'], { userId })).map((row) => row.id);
  const remove = (client: TestClient, body: unknown, headers?: Record<string, string>) =>
    client.post('/api/auth/passkey/delete-passkey', body, headers);

  it('refuses deleting the only passkey of an account without a password, saying why', async () => {
    const { client, id } = await passkeyOnly('only-passkey@example.com');
    const passkey = await addPasskey(id);
    const response = await remove(client, { id: passkey });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('LAST_SIGN_IN_METHOD');
    expect(response.body.message).toBe(PASSKEY_GUARD_ERROR_CODES.LAST_SIGN_IN_METHOD.message);
    expect(await passkeyIds(id)).toEqual([passkey]);
  });

  it('deletes one of two passkeys of an account without a password, then keeps the last', async () => {
    const { client, id } = await passkeyOnly('two-passkeys@example.com');
    const first = await addPasskey(id);
    const second = await addPasskey(id);
    expect((await remove(client, { id: first })).status).toBe(200);
    expect(await passkeyIds(id)).toEqual([second]);
    expect((await remove(client, { id: second })).body.code).toBe('LAST_SIGN_IN_METHOD');
    expect(await passkeyIds(id)).toEqual([second]);
  });

  it('deletes the only passkey of an account that has a password', async () => {
    const { client, id } = await signUp(suite.context.app, { email: 'with-password@example.com' });
    const passkey = await addPasskey(id);
    expect((await remove(client, { id: passkey })).status).toBe(200);
    expect(await passkeyIds(id)).toEqual([]);
  });

  it("never deletes another person's passkey nor tells whether it is their last", async () => {
    const victim = await passkeyOnly('victim-passkey@example.com');
    const victimPasskey = await addPasskey(victim.id);
    const { client } = await signUp(suite.context.app, { email: 'attacker-passkey@example.com' });
    const response = await remove(client, { id: victimPasskey });
    expect(response.status).not.toBe(200);
    expect(response.body?.code).not.toBe('LAST_SIGN_IN_METHOD');
    expect(await passkeyIds(victim.id)).toEqual([victimPasskey]);
  });

  it('refuses a guest, an API key, a foreign origin and wrong types, deleting nothing', async () => {
    const owner = await signUp(suite.context.app, { email: 'attacked-passkey@example.com' });
    const passkey = await addPasskey(owner.id);
    const key = (await owner.client.post('/api/auth/api-key/create', { name: 'key', expiresIn: 86400 })).body.key;
    const guest = new TestClient(suite.context.app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);

    expect((await remove(guest, { id: passkey })).status).not.toBe(200);
    expect((await remove(new TestClient(suite.context.app), { id: passkey }, { 'x-api-key': key })).status).toBe(401);
    expect((await remove(owner.client, { id: passkey }, { origin: 'https://evil.example' })).status).toBe(403);
    for (const body of [{ id: [passkey] }, { id: 42 }, {}, { id: { $ne: '' } }]) {
      expect((await remove(owner.client, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await passkeyIds(owner.id)).toEqual([passkey]);
  });

  it('names the provider of each listed passkey from its AAGUID, and none when it is hidden or unknown', async () => {
    const { client, id } = await signUp(suite.context.app, { email: 'providers@example.com' });
    const known = await addPasskey(id, ONE_PASSWORD);
    const hidden = await addPasskey(id, ANONYMOUS);
    const unknown = await addPasskey(id, '11111111-2222-3333-4444-555555555555');
    const missing = await addPasskey(id, null);
    const response = await client.get('/api/auth/passkey/list-user-passkeys');
    expect(response.status).toBe(200);
    const providers = Object.fromEntries(
      (response.body as { id: string; provider: string | null }[]).map((row) => [row.id, row.provider]),
    );
    expect(providers).toEqual({ [known]: '1Password', [hidden]: null, [unknown]: null, [missing]: null });
  });
});
