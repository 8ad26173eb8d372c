import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '../testing/http-client';
import { decodeQuotedPrintable, startSmtpSink } from '../testing/smtp-sink';
import { ENGINES, TEST_ORIGIN, type TestContext } from '../testing/test-context';
import { sharedContexts } from './support/contexts';
import { guest, organization, PASSWORD, plainUser, uniqueEmail, type Person } from './support/principals';

/** Destinations off the trusted origin, each dressed to slip past a naive check. */
const HOSTILE_URLS = [
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
  // The trusted origin as a mere prefix of another host, or as the userinfo of one.
  'https://localhost:3000.evil.example',
  'http://localhost:3000.evil.example',
  'http://localhost:3000@evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
  // Browsers drop tabs and read https:host as https://host.
  '/\t/evil.example',
  'https:evil.example',
] as const;

/** The fields Better Auth follows after an action, wherever an endpoint takes them. */
const URL_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'];

let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
const contexts = sharedContexts(async () => {
  sink ??= await startSmtpSink();
  return { env: { SMTP_URL: sink.url } };
});
afterAll(async () => {
  await contexts.destroyAll();
  await sink?.close();
});

/** An address the browser would end up at, resolved as a browser resolves a Location. */
function offOrigin(location: string | null | undefined): boolean {
  if (!location) return false;
  try {
    return new URL(location, `${TEST_ORIGIN}/`).origin !== TEST_ORIGIN;
  } catch {
    return true;
  }
}

/** Keys of a (possibly optional) zod object schema, as Better Auth declares an endpoint's body or query. */
function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  for (let depth = 0; depth < 5 && current && !current.shape && typeof current.unwrap === 'function'; depth += 1) {
    current = current.unwrap() as typeof current;
  }
  return current?.shape ? Object.keys(current.shape) : [];
}

/** Every `METHOD path field` where a Better Auth endpoint takes a URL to send the browser to. */
function urlTakingEndpoints(context: TestContext): string[] {
  const found: string[] = [];
  for (const endpoint of Object.values(context.auth.api as Record<string, unknown>) as Array<{
    path?: unknown;
    options?: { method?: unknown; body?: unknown; query?: unknown };
  }>) {
    if (typeof endpoint.path !== 'string') continue;
    const method = String(endpoint.options?.method);
    for (const key of [...schemaKeys(endpoint.options?.body), ...schemaKeys(endpoint.options?.query)]) {
      if (URL_FIELDS.includes(key)) found.push(`${method} ${endpoint.path} ${key}`);
    }
  }
  return found.sort();
}

interface RedirectAttack {
  /** Endpoints that mail a link with the URL in it must refuse outright: the link would carry it. */
  mails: boolean;
  send(url: string): Promise<TestResponse>;
}

describe('ASVS V3 Web Frontend Security', () => {
  describe.each(ENGINES)('open redirects on %s', (engine) => {
    let context: TestContext;
    let user: Person;

    beforeAll(async () => {
      context = await contexts.get(engine);
      user = await plainUser(context, 'Redirected');
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
          const bodyUrl = typeof response.body?.url === 'string' ? (response.body.url as string) : undefined;
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

  describe.each(ENGINES)('links in mail on %s', (engine) => {
    let context: TestContext;
    beforeAll(async () => {
      context = await contexts.get(engine);
    });

    /** Headers a client or a misconfigured proxy could send to make links point at another host. */
    const SPOOFED_HOST = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'host=evil.example;proto=https',
    };

    /** A POST to the given URL host, with the spoofed headers, the trusted Origin and the person's cookie. */
    const spoofed = (person: Person, path: string, json: unknown) =>
      context.app.fetch(
        new Request(`http://evil.example${path}`, {
          method: 'POST',
          headers: {
            ...SPOOFED_HOST,
            origin: TEST_ORIGIN,
            cookie: person.client.cookieHeader,
            'content-type': 'application/json',
          },
          body: JSON.stringify(json),
        }),
      );

    /** The newest mail to the address, as received by the SMTP server, decoded. */
    async function mailTo(address: string): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const mail = [...sink!.received].reverse().find((message) => message.to.includes(address));
        if (mail) return decodeQuotedPrintable(mail.raw).replace(/&amp;/g, '&');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${address}`);
    }

    const linksIn = (mail: string) => [...mail.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);

    /** Every link points at the trusted origin, and the spoofed host appears nowhere in the mail. */
    function expectLinksOnTrustedOrigin(mail: string) {
      const links = linksIn(mail);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).origin, link).toBe(TEST_ORIGIN);
      expect(mail).not.toContain('evil.example');
    }

    it('keeps the verification link on the trusted origin whatever Host and X-Forwarded-Host say', async () => {
      const person = await plainUser(context, 'Verify Link');
      const response = await spoofed(person, '/api/auth/send-verification-email', { email: person.email });
      expect(response.status).toBe(200);
      const mail = await mailTo(person.email);
      expectLinksOnTrustedOrigin(mail);
      // Following the link with the same headers lands on the trusted origin too.
      const link = new URL(linksIn(mail).find((candidate) => candidate.includes('/verify-email'))!);
      const followed = await context.app.fetch(
        new Request(`http://evil.example${link.pathname}${link.search}`, { headers: SPOOFED_HOST }),
      );
      expect(followed.status).toBeLessThan(400);
      expect(offOrigin(followed.headers.get('location'))).toBe(false);
    });

    it('keeps the change-email approval link on the trusted origin whatever Host and X-Forwarded-Host say', async () => {
      const person = await plainUser(context, 'Change Link');
      // Only a verified address gets an approval mail (an unverified one changes at once).
      await (await context.auth.$context).internalAdapter.updateUser(person.id, { emailVerified: true });
      const response = await spoofed(person, '/api/auth/change-email', { newEmail: uniqueEmail('new-address') });
      expect(response.status).toBe(200);
      expectLinksOnTrustedOrigin(await mailTo(person.email));
    });

    it('keeps the invitation link on the trusted origin whatever Host and X-Forwarded-Host say', async () => {
      const org = await organization(context, 'Mail');
      const invitee = uniqueEmail('invited');
      const response = await spoofed(org.owner, '/api/auth/organization/invite-member', {
        email: invitee,
        role: 'member',
        organizationId: org.id,
      });
      expect(response.status).toBe(200);
      expectLinksOnTrustedOrigin(await mailTo(invitee));
    });
  });
});
