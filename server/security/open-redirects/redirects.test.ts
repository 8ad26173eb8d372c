import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '#test/http-client';
import { ENGINES, type TestContext } from '#test/test-context';
import { guest, PASSWORD, uniqueEmail, type Person } from '../support/principals';
import { HOSTILE_URLS, offOrigin, urlTakingEndpoints } from './destinations';
import { contextsWithMailSink } from './mail-sink-contexts';

const { contexts } = contextsWithMailSink();

interface RedirectAttack {
  /** Endpoints that mail a link with the URL in it must refuse outright: the link would carry it. */
  mails: boolean;
  send(url: string): Promise<TestResponse>;
}

describe('ASVS V3 Web Frontend Security', () => {
  describe.each(ENGINES)('open redirects on %s', (engine) => {
    let context: TestContext, user: Person;
    beforeAll(async () => {
      [context, user] = await contexts.withUsers(engine, 'Redirected');
    });

    const fresh = () => new TestClient(context.app);
    const signedIn = async () => (await guest(context)).client;

    /** One request per endpoint and field, otherwise valid, so the URL is all that could stop it. */
    const attacks = (): Record<string, RedirectAttack> => ({
      'POST /sign-in/email callbackURL': {
        mails: false,
        send: (url) =>
          fresh().post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD, callbackURL: url }),
      },
      'POST /sign-up/email callbackURL': {
        mails: true,
        send: (url) =>
          fresh().post('/api/auth/sign-up/email', {
            email: uniqueEmail('redirect'),
            password: PASSWORD,
            name: 'Redirect',
            callbackURL: url,
          }),
      },
      'POST /sign-in/anonymous callbackURL': {
        mails: false,
        send: (url) => fresh().post('/api/auth/sign-in/anonymous', { callbackURL: url }),
      },
      'POST /sign-in/social callbackURL': {
        mails: false,
        send: (url) => fresh().post('/api/auth/sign-in/social', { provider: 'github', callbackURL: url }),
      },
      'POST /sign-in/social newUserCallbackURL': {
        mails: false,
        send: (url) =>
          fresh().post('/api/auth/sign-in/social', { provider: 'github', callbackURL: '/', newUserCallbackURL: url }),
      },
      'POST /sign-in/social errorCallbackURL': {
        mails: false,
        send: (url) =>
          fresh().post('/api/auth/sign-in/social', { provider: 'github', callbackURL: '/', errorCallbackURL: url }),
      },
      'POST /link-social callbackURL': {
        mails: false,
        send: async (url) => (await signedIn()).post('/api/auth/link-social', { provider: 'github', callbackURL: url }),
      },
      'POST /link-social errorCallbackURL': {
        mails: false,
        send: async (url) =>
          (await signedIn()).post('/api/auth/link-social', {
            provider: 'github',
            callbackURL: '/',
            errorCallbackURL: url,
          }),
      },
      'POST /sign-out callbackURL': {
        mails: false,
        send: async (url) => (await signedIn()).post('/api/auth/sign-out', { callbackURL: url }),
      },
      'POST /send-verification-email callbackURL': {
        mails: true,
        send: (url) => user.client.post('/api/auth/send-verification-email', { email: user.email, callbackURL: url }),
      },
      'POST /change-email callbackURL': {
        mails: true,
        send: (url) =>
          user.client.post('/api/auth/change-email', { newEmail: uniqueEmail('changed'), callbackURL: url }),
      },
      'POST /request-password-reset redirectTo': {
        mails: true,
        send: (url) => fresh().post('/api/auth/request-password-reset', { email: user.email, redirectTo: url }),
      },
      'POST /delete-user callbackURL': {
        mails: true,
        send: async (url) => (await signedIn()).post('/api/auth/delete-user', { callbackURL: url }),
      },
      // Links a victim could be sent, with a made-up token: an invalid token must not bounce them off-site either.
      'GET /verify-email callbackURL': {
        mails: false,
        send: (url) => fresh().get(`/api/auth/verify-email?token=made-up&callbackURL=${encodeURIComponent(url)}`),
      },
      'GET /reset-password/:token callbackURL': {
        mails: false,
        send: (url) => fresh().get(`/api/auth/reset-password/made-up?callbackURL=${encodeURIComponent(url)}`),
      },
      'GET /delete-user/callback callbackURL': {
        mails: false,
        send: (url) =>
          fresh().get(`/api/auth/delete-user/callback?token=made-up&callbackURL=${encodeURIComponent(url)}`),
      },
    });

    it('prepares an attack for every endpoint field that takes a URL (none goes untested)', () => {
      const prepared = Object.keys(attacks());
      const found = urlTakingEndpoints(context);
      expect(found.length).toBeGreaterThan(5);
      for (const endpoint of found) expect(prepared, `no attack prepared for ${endpoint}`).toContain(endpoint);
    });

    it.each(HOSTILE_URLS)(
      'refuses %j on every URL-taking endpoint (4xx), and never redirects off the trusted origin',
      async (url) => {
        const failures: string[] = [];
        for (const [endpoint, attack] of Object.entries(attacks())) {
          const response = await attack.send(url);
          const refused = response.status >= 400 && response.status < 500;
          const location = response.headers.get('location');
          const said = (response.body as { url?: unknown } | null)?.url;
          const bodyUrl = typeof said === 'string' ? said : undefined;
          if (offOrigin(location) || offOrigin(bodyUrl)) {
            failures.push(`${endpoint}: ${response.status} to ${location ?? bodyUrl}`);
          } else if (!refused && (attack.mails || response.status >= 500)) {
            failures.push(`${endpoint}: ${response.status} ${response.text.slice(0, 120)}`);
          } else if (!refused && !location && !bodyUrl) {
            // Accepted without a redirect: only safe if the URL was not kept for later.
            failures.push(`${endpoint}: accepted (${response.status}) ${response.text.slice(0, 120)}`);
          }
        }
        expect(failures).toEqual([]);
      },
    );
  });
});
