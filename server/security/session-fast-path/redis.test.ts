import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { createSharedInstances } from '#test/test-context';
import { plainUser, signIn, signUp } from '../support/principals';
import { expectRefused, expectServedFast, headersOf } from './checks';

describe('sessions in Redis, read in one round trip', () => {
  let shared: Awaited<ReturnType<typeof createSharedInstances>>;
  beforeAll(async () => {
    shared = await createSharedInstances('postgres');
  });
  afterAll(async () => shared?.destroy());

  const keyOf = (name: string) => `${shared.redis.prefix}gatehouse:${name}`;
  const tokenOf = async (client: TestClient) =>
    (await client.get('/api/auth/get-session')).body?.session.token as string;

  it('refuses a session its user list no longer names once all of them are revoked (the revocation marker)', async () => {
    const person = await signUp(shared.first, 'Unlisted');
    const left = await signIn(shared.first, person.email);
    const token = await tokenOf(left);
    // Better Auth deletes the sessions its list names; for any other, a marker says "revoked before".
    const listKey = keyOf(`active-sessions-${person.id}`);
    const list = JSON.parse((await shared.redis.redis.get(listKey))!) as { token: string }[];
    await shared.redis.redis.set(listKey, JSON.stringify(list.filter((entry) => entry.token !== token)), 'KEEPTTL');
    await expectServedFast(shared.second, left.cookieHeader);
    const revoked = await person.client.post('/api/auth/revoke-sessions');
    expect(revoked.status, revoked.text).toBe(200);
    expect(await shared.redis.redis.get(keyOf(token))).not.toBeNull();
    await expectRefused(shared.second, left.cookieHeader);
  });

  it('never answers alone for a stored session it cannot read: Better Auth gets it', async () => {
    const garble = async (stored: (userId: string, token: string) => string) => {
      const person = await plainUser(shared.first, 'Garbled');
      const token = await tokenOf(person.client);
      await shared.redis.redis.set(keyOf(token), stored(person.id, token), 'KEEPTTL');
      return person.client.cookieHeader;
    };
    const unreadable = [
      () => '[]',
      () => '{"session":{"userId":7}}',
      (userId: string) => JSON.stringify({ session: { userId }, user: {} }),
      // Dates that cannot be read: never taken for an expiry to come, nor for a time after a revocation.
      (userId: string, token: string) =>
        JSON.stringify({
          session: { id: 's', token, userId, expiresAt: 'soon', createdAt: 'then' },
          user: { id: userId },
        }),
    ];
    for (const stored of unreadable) {
      const read = await shared.second.auth.readSession(headersOf(await garble(stored)));
      expect(read.kind, stored('u', 't')).toBe('defer');
    }
    await expectRefused(shared.second, await garble(() => 'not json'));
  });
});
