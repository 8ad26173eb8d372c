import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { sharedContexts } from '../support/contexts';
import {
  admin,
  apiKey,
  impersonation,
  PASSWORD,
  plainUser,
  replay,
  sessionCookie,
  signIn,
  uniqueEmail,
  type Person,
} from '../support/principals';
import { SESSION_COOKIE, sessionTokenSet, stillWorks } from './session-cookies';

const contexts = sharedContexts();

describe('ASVS V7 Session Management', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    let context: TestContext, platformAdmin: Person;
    beforeAll(async () => {
      context = await contexts.get(engine);
      platformAdmin = await admin(context);
    });

    it('issues a new session token at every sign-in: two sign-ins never share a token', async () => {
      const person = await plainUser(context);
      const signUpToken = person.client.cookie(SESSION_COOKIE);
      const first = await new TestClient(context.app).post('/api/auth/sign-in/email', {
        email: person.email,
        password: PASSWORD,
      });
      const second = await new TestClient(context.app).post('/api/auth/sign-in/email', {
        email: person.email,
        password: PASSWORD,
      });
      const tokens = [signUpToken, sessionTokenSet(first), sessionTokenSet(second)];
      expect(tokens.every((token) => typeof token === 'string' && token.length > 20)).toBe(true);
      expect(new Set(tokens).size).toBe(3);
    });

    it('does not adopt a session token planted before sign-in (session fixation): the victim gets a new one', async () => {
      const attacker = await plainUser(context, 'Attacker');
      const victim = await plainUser(context, 'Victim');
      const planted = attacker.client.cookie(SESSION_COOKIE)!;
      const signInResponse = await context.app.fetch(
        new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${planted}` },
          body: JSON.stringify({ email: victim.email, password: PASSWORD }),
        }),
      );
      expect(signInResponse.status).toBe(200);
      const issued = sessionTokenSet(signInResponse);
      expect(issued).toBeDefined();
      expect(issued).not.toBe(planted);
      // The planted token still belongs to the attacker alone: it never became the victim's session.
      const plantedSession = await replay(context, `${SESSION_COOKIE}=${planted}`, '/api/auth/get-session');
      expect(JSON.parse(plantedSession.text).user.id).toBe(attacker.id);
    });

    it('refuses a token from before sign-out: the replayed cookie gets no session and a 401', async () => {
      const person = await plainUser(context);
      const cookie = sessionCookie(person.client);
      expect(await stillWorks(context, cookie)).toMatchObject({ me: 200 });
      expect((await person.client.post('/api/auth/sign-out')).status).toBe(200);
      expect(await stillWorks(context, cookie)).toEqual({ session: null, me: 401 });
    });

    it('refuses a session cookie whose signature was tampered with', async () => {
      const person = await plainUser(context);
      const token = person.client.cookie(SESSION_COOKIE)!;
      const [value = '', signature = ''] = decodeURIComponent(token).split('.');
      const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      expect(await stillWorks(context, `${SESSION_COOKIE}=${encodeURIComponent(`${value}.${flipped}`)}`)).toEqual({
        session: null,
        me: 401,
      });
    });

    it('refuses the raw token from the sign-in body as a cookie, a bearer token or an API key (script-stolen token)', async () => {
      const person = await plainUser(context);
      const signInResponse = await new TestClient(context.app).post('/api/auth/sign-in/email', {
        email: person.email,
        password: PASSWORD,
      });
      const raw = signInResponse.body.token as string;
      expect(raw.length).toBeGreaterThan(20);
      expect(await stillWorks(context, `${SESSION_COOKIE}=${raw}`)).toEqual({ session: null, me: 401 });
      const bearer = await new TestClient(context.app).get('/api/auth/get-session', { authorization: `Bearer ${raw}` });
      expect(bearer.body).toBeNull();
      const bearerMe = await new TestClient(context.app).get('/api/v1/me', { authorization: `Bearer ${raw}` });
      expect(bearerMe.status).toBe(401);
      const asKey = await new TestClient(context.app).get('/api/v1/me', { 'x-api-key': raw });
      expect(asKey.status).toBe(401);
    });

    it('ends every session of a banned user at once (ban-user): the old cookie and the API key get 401', async () => {
      const person = await plainUser(context, 'Banned');
      const key = await apiKey(person);
      const cookie = sessionCookie(person.client);
      const ban = await platformAdmin.client.post('/api/auth/admin/ban-user', { userId: person.id, banReason: 'test' });
      expect(ban.status).toBe(200);
      expect(await stillWorks(context, cookie)).toEqual({ session: null, me: 401 });
      expect((await new TestClient(context.app).get('/api/v1/me', { 'x-api-key': key })).status).toBe(401);
    });

    it('ends every session of a removed user (remove-user): the old cookie and the API key get 401', async () => {
      const person = await plainUser(context, 'Removed');
      const key = await apiKey(person);
      const cookie = sessionCookie(person.client);
      const removed = await platformAdmin.client.post('/api/auth/admin/remove-user', { userId: person.id });
      expect(removed.status).toBe(200);
      expect(await stillWorks(context, cookie)).toEqual({ session: null, me: 401 });
      expect((await new TestClient(context.app).get('/api/v1/me', { 'x-api-key': key })).status).toBe(401);
    });

    it('ends every other session on a password change, even without revokeOtherSessions; the caller stays signed in', async () => {
      const person = await plainUser(context, 'Changer');
      const otherDevice = await signIn(context, person.email);
      const otherCookie = sessionCookie(otherDevice);
      expect(await stillWorks(context, otherCookie)).toMatchObject({ me: 200 });
      const changed = await person.client.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'a-brand-new-password-1',
      });
      expect(changed.status).toBe(200);
      expect(await stillWorks(context, otherCookie)).toEqual({ session: null, me: 401 });
      expect((await otherDevice.get('/api/auth/get-session')).body).toBeNull();
      const caller = await person.client.get('/api/auth/get-session');
      expect(caller.body?.user?.id).toBe(person.id);
      expect((await person.client.get('/api/v1/me')).status).toBe(200);
    });

    it('refuses an impersonation session further impersonation (403) and every admin endpoint (403)', async () => {
      const target = await plainUser(context, 'Impersonated');
      const another = await plainUser(context, 'Second Target');
      const session = await impersonation(context, platformAdmin, target);
      const again = await session.post('/api/auth/admin/impersonate-user', { userId: another.id });
      expect(again.status).toBe(403);
      expect((await session.get('/api/auth/admin/list-users')).status).toBe(403);
      expect((await session.post('/api/auth/admin/set-role', { userId: target.id, role: 'admin' })).status).toBe(403);
      expect((await session.get('/api/v1/admin/users')).status).toBe(403);
      expect((await session.post('/api/v1/admin/organizations', { name: 'From Impersonation' })).status).toBe(403);
      // Still the impersonated user, with the user role.
      const current = await session.get('/api/auth/get-session');
      expect(current.body?.user).toMatchObject({ id: target.id, role: 'user' });
    });
  });
});

describe('ASVS V6 Authentication', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    let context: TestContext;
    beforeAll(async () => {
      context = await contexts.get(engine);
    });

    it('answers a sign-in with an unknown email exactly like one with a wrong password (no account enumeration)', async () => {
      const person = await plainUser(context, 'Known');
      const wrongPassword = await new TestClient(context.app).post('/api/auth/sign-in/email', {
        email: person.email,
        password: 'not-the-password-1',
      });
      const unknownEmail = await new TestClient(context.app).post('/api/auth/sign-in/email', {
        email: uniqueEmail('nobody'),
        password: 'not-the-password-1',
      });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(sessionTokenSet(wrongPassword)).toBeUndefined();
      expect(sessionTokenSet(unknownEmail)).toBeUndefined();
    });
  });
});
