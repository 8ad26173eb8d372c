import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { TestClient } from '#test/http-client';
import { PROVIDER_ID, startIdentityProvider, type IdentityProviderServer } from '#test/identity-provider';
import { signInThroughProvider, type ProviderReturn } from '#test/provider-sign-in';
import { countRows } from '#test/rows';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

/**
 * ASVS V10 (OAuth and OIDC client): every return from a provider that Gatehouse did not start in this
 * browser, or whose ID token is not the provider's own for this sign-in, is refused: back on the
 * sign-in screen with an error, no session, no user and no account made.
 */

const provider: { server?: IdentityProviderServer } = {};
beforeAll(async () => {
  provider.server = await startIdentityProvider();
});
afterAll(async () => provider.server?.stop());

describe.each(ENGINES)('ASVS V10 provider returns on %s', (engine) => {
  const suite = contextPerSuite(engine, {
    get env() {
      return provider.server!.env;
    },
  });
  const idp = () => provider.server!;
  let serial = 0;
  const nextPerson = () => {
    const n = `${engine}-${++serial}`;
    const person = { sub: `attack-${n}`, email: `attack-${n}@example.com`, email_verified: true };
    idp().signsInAs(person);
    return person;
  };

  /** Runs a sign-in that must be refused: the error it lands with, and nothing made. */
  const refused = async (run: (browser: TestClient) => Promise<ProviderReturn>) => {
    const rows = { user: await countRows(suite.context, 'user'), account: await countRows(suite.context, 'account') };
    const browser = new TestClient(suite.context.app);
    const landed = await run(browser);
    expect(landed.status).toBe(302);
    // Back on the sign-in screen, which says why.
    expect(landed.location).toMatch(/^(http:\/\/localhost:3000)?\/auth\?error=/);
    expect((await browser.get('/api/auth/get-session')).body).toBeNull();
    expect(await countRows(suite.context, 'user')).toBe(rows.user);
    expect(await countRows(suite.context, 'account')).toBe(rows.account);
    return landed.error;
  };

  it('refuses a return whose state was not issued to this browser (state mismatch)', async () => {
    nextPerson();
    const error = await refused((browser) =>
      signInThroughProvider(browser, (callback) => {
        callback.searchParams.set('state', 'forged-state-value');
        return callback;
      }),
    );
    expect(error).toMatch(/^state_/);
  });

  it('refuses a return opened in another browser (login CSRF: the state cookie is not there)', async () => {
    nextPerson();
    const attacker = new TestClient(suite.context.app);
    const started = await attacker.post<{ url: string }>('/api/auth/sign-in/social', {
      provider: PROVIDER_ID,
      callbackURL: '/profile',
      errorCallbackURL: '/auth',
    });
    expect(started.status).toBe(200);
    const authorize = await fetch(started.body.url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    // The attacker never opens the return: the victim's browser is made to.
    const error = await refused(async (victim) => {
      const landed = await victim.get(`${callback.pathname}${callback.search}`);
      const location = landed.headers.get('location') ?? '';
      return { status: landed.status, location, error: new URL(location, 'http://x').searchParams.get('error') };
    });
    expect(error).toMatch(/^state_/);
  });

  it('refuses an ID token carrying the nonce of an earlier sign-in (a replay)', async () => {
    nextPerson();
    expect(await signInThroughProvider(new TestClient(suite.context.app))).toMatchObject({ error: null });
    const earlier = idp().lastNonce();
    expect(earlier).toEqual(expect.any(String));
    nextPerson();
    idp().tamperNextIdToken((token) => {
      token.payload.nonce = earlier;
    });
    expect(await refused((browser) => signInThroughProvider(browser))).toBe('unable_to_get_user_info');
  });

  it('refuses an ID token without a nonce', async () => {
    nextPerson();
    idp().tamperNextIdToken((token) => {
      delete token.payload.nonce;
    });
    expect(await refused((browser) => signInThroughProvider(browser))).toBe('unable_to_get_user_info');
  });

  it('refuses an ID token from another issuer', async () => {
    nextPerson();
    idp().tamperNextIdToken((token) => {
      token.payload.iss = 'https://evil.example';
    });
    expect(await refused((browser) => signInThroughProvider(browser))).toBe('unable_to_get_user_info');
  });

  it('refuses an ID token issued to another application (audience)', async () => {
    nextPerson();
    idp().tamperNextIdToken((token) => {
      token.payload.aud = 'another-application';
    });
    expect(await refused((browser) => signInThroughProvider(browser))).toBe('unable_to_get_user_info');
  });

  it('refuses an expired ID token', async () => {
    nextPerson();
    idp().tamperNextIdToken((token) => {
      const now = Math.floor(Date.now() / 1000);
      token.payload.iat = now - 7200;
      token.payload.exp = now - 3600;
    });
    expect(await refused((browser) => signInThroughProvider(browser))).toBe('unable_to_get_user_info');
  });

  it('refuses an ID token signed with another key under the provider’s key id, and an unsigned one', async () => {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    // Made while oauth2-mock-server's event runs (it sends the answer right after): signed synchronously.
    const forgeries = {
      'another key': (real: string) => {
        const signed = `${encode({ alg: 'RS256', kid: decodeProtectedHeader(real).kid, typ: 'JWT' })}.${encode(decodeJwt(real))}`;
        return `${signed}.${crypto.sign('sha256', Buffer.from(signed), privateKey).toString('base64url')}`;
      },
      unsigned: (real: string) => `${encode({ alg: 'none', typ: 'JWT' })}.${encode(decodeJwt(real))}.`,
    };
    for (const [label, forge] of Object.entries(forgeries)) {
      nextPerson();
      idp().server.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
        response.body.id_token = forge(response.body.id_token as string);
      });
      const error = await refused((browser) => signInThroughProvider(browser));
      expect(error, label).toBe('unable_to_get_user_info');
    }
  });

  it('refuses an ID token posted directly, with no redirect, state or nonce of ours', async () => {
    const person = nextPerson();
    const browser = new TestClient(suite.context.app);
    const token = await new SignJWT({ ...person, aud: 'gatehouse-client', iss: idp().issuer })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const users = await countRows(suite.context, 'user');
    for (const path of ['/api/auth/sign-in/social', '/api/auth/link-social']) {
      const answer = await browser.post(path, { provider: PROVIDER_ID, idToken: { token } });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({ code: 'PROVIDER_ID_TOKEN_NOT_ACCEPTED' });
    }
    expect(await countRows(suite.context, 'user')).toBe(users);
  });

  it('records each refused return with the provider and its error', async () => {
    await suite.context.auth.settle();
    const events = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['details'])
      .where('action', '=', 'user.sign_in')
      .where('outcome', '=', 'failure')
      .execute();
    const codes = events.map((event) => JSON.parse(event.details ?? '{}') as { providerId?: string; code?: string });
    expect(codes).toContainEqual(expect.objectContaining({ providerId: PROVIDER_ID, code: 'unable_to_get_user_info' }));
    expect(codes).toContainEqual(
      expect.objectContaining({ providerId: PROVIDER_ID, code: expect.stringMatching(/^state_/) }),
    );
  });
});
