import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { createTestContext, type TestContext } from '#test/test-context';
import { sharedContexts } from '../support/contexts';
import { PASSWORD, uniqueEmail } from '../support/principals';
import { SESSION_COOKIE, sessionTokenSet } from './session-cookies';

const contexts = sharedContexts();

describe('ASVS V7 Session Management', () => {
  describe('session cookie attributes', () => {
    let context: TestContext;
    beforeAll(async () => {
      context = await contexts.get('sqlite');
    });

    it('sets the session cookie HttpOnly, SameSite=Lax and Path=/ (no script access, not sent with cross-site subrequests)', async () => {
      const client = new TestClient(context.app);
      const email = uniqueEmail('flags');
      const response = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Flags' });
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toBeDefined();
      const attributes = cookie!.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      // No Domain attribute: the cookie stays with this host, not its sibling subdomains.
      expect(attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
    });
  });

  describe('session cookie attributes behind HTTPS (PUBLIC_URL https://…)', () => {
    const origin = 'https://console.example.com';
    let context: TestContext;
    beforeAll(async () => {
      // The cookie attributes do not depend on the database: SQLite only.
      context = await createTestContext('sqlite', { env: { PUBLIC_URL: origin } });
    });
    afterAll(async () => context?.destroy());

    const send = (path: string, init: { json?: unknown; cookie?: string } = {}) =>
      context.app.fetch(
        new Request(`${origin}${path}`, {
          method: init.json === undefined ? 'GET' : 'POST',
          headers: {
            origin,
            ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.cookie ? { cookie: init.cookie } : {}),
          },
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
        }),
      );

    it('sets every auth cookie Secure and HttpOnly, the session cookie under the __Secure- prefix', async () => {
      const response = await send('/api/auth/sign-up/email', {
        json: { email: 'secure@example.com', password: PASSWORD, name: 'Secure' },
      });
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      expect(sessionTokenSet(response, `__Secure-${SESSION_COOKIE}`)).toBeDefined();
      expect(sessionTokenSet(response)).toBeUndefined();
      for (const cookie of cookies) {
        const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
        expect(attributes, cookie).toContain('secure');
        expect(attributes, cookie).toContain('httponly');
        expect(attributes, cookie).toContain('samesite=lax');
        expect(attributes, cookie).toContain('path=/');
      }
    });

    it('ignores the session token when planted without the __Secure- prefix (cookie tossing over plain HTTP)', async () => {
      const response = await send('/api/auth/sign-in/email', {
        json: { email: 'secure@example.com', password: PASSWORD },
      });
      const token = sessionTokenSet(response, `__Secure-${SESSION_COOKIE}`);
      expect(token).toBeDefined();
      const prefixed = await send('/api/auth/get-session', { cookie: `__Secure-${SESSION_COOKIE}=${token}` });
      const session = (await prefixed.json()) as { user: { email: string } } | null;
      expect(session?.user.email).toBe('secure@example.com');
      const tossed = await send('/api/auth/get-session', { cookie: `${SESSION_COOKIE}=${token}` });
      expect(await tossed.json()).toBeNull();
    });
  });
});
