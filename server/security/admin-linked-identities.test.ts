import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { accountRows, linkIdentity } from '#test/linked-identities';
import { ENGINES, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import {
  admin,
  anonymousCaller,
  apiKey,
  apiKeyCaller,
  guest,
  impersonation,
  sessionCaller,
  type Caller,
  type Person,
} from './support/principals';

/**
 * A person's linked identities as an admin sees and removes them (`GET` and `DELETE
 * /api/v1/admin/users/:id/linked-accounts[/:accountId]`): platform admins only, from the console's
 * origin, and only the identity named, of the person named; never the password.
 */

const contexts = sharedContexts();
const EVIL = 'https://evil.example';
const list = (userId: string) => `/api/v1/admin/users/${userId}/linked-accounts` as const;
const one = (userId: string, accountId: string) => `${list(userId)}/${accountId}` as const;

describe.each(ENGINES)('ASVS V8 linked identities in the admin console on %s', (engine) => {
  let context: TestContext, victim: Person, bystander: Person, platformAdmin: Person;
  let victimIdentity: string, bystanderIdentity: string;
  const snapshot = async () => ({
    victim: await accountRows(context, victim.id),
    bystander: await accountRows(context, bystander.id),
  });

  beforeAll(async () => {
    [context, victim, bystander] = await contexts.withUsers(engine, 'Victim', 'Bystander');
    platformAdmin = await admin(context);
    victimIdentity = await linkIdentity(context, victim.id, 'github', 'victim-at-github');
    bystanderIdentity = await linkIdentity(context, bystander.id, 'github', 'bystander-at-github');
  });

  it('refuses a visitor, a user (the person included), a guest, an impersonation session and API keys: nothing read, nothing removed', async () => {
    const before = await snapshot();
    const callers: Record<string, Caller> = {
      visitor: anonymousCaller(context),
      user: sessionCaller('user', bystander.client),
      self: sessionCaller('self', victim.client),
      guest: sessionCaller('guest', (await guest(context)).client),
      impersonation: sessionCaller('impersonation', await impersonation(context, platformAdmin, bystander)),
      userKey: apiKeyCaller("user's key", context, await apiKey(bystander)),
      adminKey: apiKeyCaller("admin's key", context, await apiKey(platformAdmin)),
    };
    const got: Record<string, unknown> = {};
    for (const [name, caller] of Object.entries(callers)) {
      const read = await caller.send('GET', list(victim.id));
      const removed = await caller.send('DELETE', one(victim.id, victimIdentity));
      const code = (body: unknown) => (body as { code?: string } | null)?.code;
      got[name] = { read: [read.status, code(read.body)], removed: [removed.status, code(removed.body)] };
      // Not a word of the victim's identities in any refusal.
      expect(read.text, name).not.toContain('victim-at-github');
    }
    const both = (status: number, code: string) => ({ read: [status, code], removed: [status, code] });
    expect(got).toEqual({
      visitor: both(401, 'UNAUTHORIZED'),
      user: both(403, 'FORBIDDEN'),
      self: both(403, 'FORBIDDEN'),
      guest: both(403, 'FORBIDDEN'),
      impersonation: both(403, 'FORBIDDEN'),
      userKey: both(403, 'API_KEY_NOT_ALLOWED'),
      adminKey: both(403, 'API_KEY_NOT_ALLOWED'),
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an admin's removal sent from another site (403 INVALID_ORIGIN), and removes nothing", async () => {
    const before = await snapshot();
    const response = await platformAdmin.client.request('DELETE', one(victim.id, victimIdentity), {
      headers: { origin: EVIL },
    });
    expect(response.status, response.text).toBe(403);
    expect(response.body).toMatchObject({ code: 'INVALID_ORIGIN' });
    expect(await snapshot()).toEqual(before);
  });

  it("does not remove another person's identity through the victim's path, nor the victim's through another's", async () => {
    const before = await snapshot();
    for (const [userId, accountId] of [
      [victim.id, bystanderIdentity],
      [bystander.id, victimIdentity],
    ] as const) {
      const response = await platformAdmin.client.request('DELETE', one(userId, accountId));
      expect(response.status, response.text).toBe(404);
      expect(response.body).toMatchObject({ code: 'LINKED_IDENTITY_NOT_FOUND' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never removes the password row by its id: 404, and the password still signs in', async () => {
    const before = await snapshot();
    const password = before.victim.find((row) => row.providerId === 'credential')!;
    const response = await platformAdmin.client.request('DELETE', one(victim.id, password.id));
    expect(response.status, response.text).toBe(404);
    expect(response.body).toMatchObject({ code: 'LINKED_IDENTITY_NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
    const signIn = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: victim.email,
      password: victim.password,
    });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it('refuses ids of the wrong shape with a 400 in words, and odd ones never with a 500', async () => {
    const before = await snapshot();
    const long = 'x'.repeat(201);
    for (const [path, message] of [
      [list(long), 'id is at most 200 characters'],
      [one(victim.id, long), 'accountId is at most 200 characters'],
      [one(long, victimIdentity), 'id is at most 200 characters'],
    ] as const) {
      const method = path.endsWith('/linked-accounts') ? 'GET' : 'DELETE';
      const response = await platformAdmin.client.request(method, path);
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    for (const odd of ["' or 1=1 --", '%00', '..%2F..%2Fx', '%E2%80%AE', '1', 'null', '%20']) {
      for (const [method, path] of [
        ['GET', list(odd)],
        ['DELETE', one(victim.id, odd)],
        ['DELETE', one(odd, victimIdentity)],
      ] as const) {
        const response = await platformAdmin.client.request(method, path);
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    // A body is not read, whatever it says.
    const withBody = await platformAdmin.client.request('DELETE', one(victim.id, bystanderIdentity), {
      json: { userId: bystander.id, accountId: bystanderIdentity },
    });
    expect(withBody.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("lets the admin read and remove the victim's identity: only it goes", async () => {
    const listed = await platformAdmin.client.get(list(victim.id));
    expect(listed.body.data.map((identity) => identity.accountId)).toEqual(['victim-at-github']);
    const before = await snapshot();
    const removed = await platformAdmin.client.request('DELETE', one(victim.id, victimIdentity));
    expect(removed.status, removed.text).toBe(200);
    expect(await snapshot()).toEqual({
      victim: before.victim.filter((row) => row.id !== victimIdentity),
      bystander: before.bystander,
    });
  });
});
