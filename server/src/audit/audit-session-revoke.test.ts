import { describe, expect, it } from 'vitest';
import type { AuditEventView } from '#common/audit';
import { ADMIN_ENV, signIn, signUp } from '#test/accounts';
import { TestClient, type TestResponse } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES, type TestContext } from '#test/test-context';
import { apiKey, apiKeyCaller, guest } from '../../security/support/principals';
import { adminAuditReader } from '#test/fixtures/audit';

const PASSWORD = 'user-password-1';
const ACTION = '&action=admin.session_revoke';

/** Whoever sends a revoke-user-session with someone else's token, and who is recorded as its actor. */
type Sender = (
  context: TestContext,
  admin: { client: TestClient; id: string },
  body: unknown,
) => Promise<{ response: TestResponse; actorId?: string }>;
const PATH = '/api/auth/admin/revoke-user-session';

const REFUSED_SENDERS: [string, Sender][] = [
  [
    'a signed-in user who is no admin',
    async (context, _admin, body) => {
      const user = await signUp(context.app, { email: `not-admin-${context.database.engine}@example.com` });
      return { response: await user.client.post(PATH, body), actorId: user.id };
    },
  ],
  [
    'a guest',
    async (context, _admin, body) => {
      const person = await guest(context);
      return { response: await person.client.post(PATH, body), actorId: person.id };
    },
  ],
  [
    "a user's API key",
    async (context, _admin, body) => {
      const email = `key-owner-${context.database.engine}@example.com`;
      const owner = await signUp(context.app, { email });
      const key = await apiKey({ ...owner, email, password: PASSWORD });
      return { response: await apiKeyCaller('key', context, key).send('POST', PATH, body) };
    },
  ],
  [
    'nobody signed in',
    async (context, _admin, body) => ({ response: await new TestClient(context.app).post(PATH, body) }),
  ],
  [
    'an admin from a foreign Origin',
    async (_context, admin, body) => ({
      // Refused before any hook runs (the origin check): nothing is recorded.
      response: await admin.client.post(PATH, body, { origin: 'https://evil.example.com' }),
    }),
  ],
];

/** An admin's revoke-user-session names a session by its token: the event names the session's user. */
describe.each(ENGINES)('revoking one session in the audit trail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const audit = adminAuditReader(suite);

  /** A new account signed in twice: the session `revoked` is to be revoked, `kept` reads the account's trail. */
  const personWithTwoSessions = async (label: string) => {
    const email = `${label}-${engine}@example.com`;
    const { client: revoked, id } = await signUp(suite.context.app, { email });
    const kept = await signIn(suite.context.app, email, PASSWORD);
    const keptToken = (await kept.get('/api/auth/get-session')).body!.session.token;
    const { token } = await suite.context.database.db
      .selectFrom('session')
      .select('token')
      .where('userId', '=', id)
      .where('token', '!=', keptToken)
      .executeTakeFirstOrThrow();
    return { id, revoked, kept, token };
  };

  it('names the user whose session it was, and the user sees it in their own trail', async () => {
    const person = await personWithTwoSessions('revoked-session');
    const response = await audit.admin.post(PATH, { sessionToken: person.token });
    expect(response.status, response.text).toBe(200);
    expect((await person.revoked.get('/api/auth/get-session')).body).toBeNull();
    expect(await audit.eventsOf(person.id, ACTION)).toEqual([
      expect.objectContaining({ outcome: 'success', actorId: audit.adminId, targetUserId: person.id }),
    ]);
    const mine = (await person.kept.get('/api/v1/me/audit')).body.data as AuditEventView[];
    expect(mine.filter((event) => event.action === 'admin.session_revoke')).toEqual([
      expect.objectContaining({ targetUserId: person.id }),
    ]);
  });

  it.each([
    ['a made-up token', { sessionToken: 'made-up-session-token' }],
    ['a token that is not text', { sessionToken: 42 }],
    ['no token', {}],
  ])('records %s as it ended, naming nobody', async (_name, body) => {
    const before = await audit.eventsOf(audit.adminId, ACTION);
    const response = await audit.admin.post(PATH, body);
    const events = await audit.eventsOf(audit.adminId, ACTION);
    expect(events).toHaveLength(before.length + 1);
    expect(events[0]).toMatchObject({
      outcome: response.status === 200 ? 'success' : 'failure',
      actorId: audit.adminId,
      targetUserId: null,
    });
  });

  it.each(REFUSED_SENDERS)(
    "refuses %s another user's token, which stays valid, and names that user nowhere",
    async (name, send) => {
      const victim = await personWithTwoSessions(`victim-of-${name.replaceAll(/\W+/g, '-')}`);
      const admin = { client: audit.admin, id: audit.adminId };
      const { response, actorId } = await send(suite.context, admin, { sessionToken: victim.token });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect((await victim.revoked.get('/api/auth/get-session')).body?.user.id).toBe(victim.id);
      // Neither as actor nor as target: whoever sent the token cannot learn from the trail whose it was.
      expect(await audit.eventsOf(victim.id, ACTION)).toEqual([]);
      if (actorId) {
        expect((await audit.eventsOf(actorId, ACTION))[0]).toMatchObject({ outcome: 'failure', targetUserId: null });
      }
    },
  );
});
