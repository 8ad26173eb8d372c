import { describe, expect, it } from 'vitest';
import { withTestContext } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { PROVIDER_ID, startIdentityProvider, startSilentServer } from '#test/identity-provider';
import { signInThroughProvider } from '#test/provider-sign-in';
import { countRows } from '#test/rows';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

/**
 * ASVS V16/V10 (availability of sign-in through providers): a provider that is down, slow, or whose
 * discovery names another issuer never holds up the start or a request for long, is answered with
 * a clear message (never a 500), and leaves no half-made account behind.
 */

const START = { provider: PROVIDER_ID, callbackURL: '/profile', errorCallbackURL: '/auth' };
/** A bound request's timeout (5 s) and the margin of a busy machine. */
const BOUND_MS = 9_000;

const rowsOf = async (context: TestContext) => ({
  user: await countRows(context, 'user'),
  account: await countRows(context, 'account'),
});

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
};

describe.each(ENGINES)('ASVS V16 providers unavailable on %s', (engine) => {
  it('starts while the provider is down, refuses its sign-in with PROVIDER_UNAVAILABLE, and takes it once it is back', async () => {
    const first = await startIdentityProvider();
    const port = new URL(first.issuer).port;
    await first.stop();
    await withTestContext(engine, { env: first.env }, async (context) => {
      const rows = await rowsOf(context);
      const refused = await new TestClient(context.app).post('/api/auth/sign-in/social', START);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      expect(await rowsOf(context)).toEqual(rows);

      const back = await startIdentityProvider(Number(port));
      try {
        expect(back.issuer).toBe(first.issuer);
        back.signsInAs({ sub: `back-${engine}`, email: `back-${engine}@example.com`, email_verified: true });
        expect(await signInThroughProvider(new TestClient(context.app))).toMatchObject({ error: null });
        expect((await rowsOf(context)).user).toBe(rows.user + 1);
      } finally {
        await back.stop();
      }
    });
  });

  it('starts in bounded time while the provider does not answer, and refuses its sign-in in bounded time', async () => {
    const silent = await startSilentServer();
    const idp = await startIdentityProvider();
    await idp.stop();
    const env = { ...idp.env, [`OIDC_${PROVIDER_ID.toUpperCase()}_ISSUER`]: silent.url };
    let context: TestContext | undefined;
    try {
      const { result: started, ms: startMs } = await timed(() => createTestContext(engine, { env }));
      context = started;
      expect(startMs).toBeLessThan(BOUND_MS);
      const rows = await rowsOf(context);
      const { result: refused, ms } = await timed(() =>
        new TestClient(started.app).post('/api/auth/sign-in/social', START),
      );
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      expect(ms).toBeLessThan(BOUND_MS);
      expect(await rowsOf(context)).toEqual(rows);
    } finally {
      await context?.destroy();
      await silent.stop();
    }
  }, 40_000);

  it('refuses a provider whose discovery names another issuer', async () => {
    const idp = await startIdentityProvider();
    // The same server under another name: its document says localhost, the configuration 127.0.0.1.
    const elsewhere = idp.issuer.replace('localhost', '127.0.0.1');
    try {
      await withTestContext(
        engine,
        { env: { ...idp.env, [`OIDC_${PROVIDER_ID.toUpperCase()}_ISSUER`]: elsewhere } },
        async (context) => {
          const refused = await new TestClient(context.app).post('/api/auth/sign-in/social', START);
          expect(refused.status).toBe(503);
          expect(refused.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
        },
      );
    } finally {
      await idp.stop();
    }
  });

  it('gives up a token exchange that hangs in bounded time: back to the sign-in screen, no account', async () => {
    const idp = await startIdentityProvider();
    const silent = await startSilentServer();
    // The provider's token endpoint accepts the connection and never answers.
    idp.server.service.on('beforeWellKnownOpenIdConfiguration', (document: { body: Record<string, unknown> }) => {
      document.body.token_endpoint = `${silent.url}/token`;
    });
    try {
      await withTestContext(engine, { env: idp.env }, async (context) => {
        const rows = await rowsOf(context);
        idp.signsInAs({ sub: `hang-${engine}`, email: `hang-${engine}@example.com`, email_verified: true });
        const browser = new TestClient(context.app);
        const { result: landed, ms } = await timed(() => signInThroughProvider(browser));
        expect(landed.status).toBe(302);
        expect(landed.error).toBe('invalid_code');
        expect(ms).toBeLessThan(BOUND_MS);
        expect((await browser.get('/api/auth/get-session')).body).toBeNull();
        expect(await rowsOf(context)).toEqual(rows);
      });
    } finally {
      await silent.stop();
      await idp.stop();
    }
  }, 30_000);

  it('sends the person back with an error and no account when the provider goes away mid-sign-in', async () => {
    const idp = await startIdentityProvider();
    let stopped: Promise<void> | undefined;
    try {
      await withTestContext(engine, { env: idp.env }, async (context) => {
        const rows = await rowsOf(context);
        idp.signsInAs({ sub: `gone-${engine}`, email: `gone-${engine}@example.com`, email_verified: true });
        const browser = new TestClient(context.app);
        const landed = await signInThroughProvider(browser, (callback) => {
          // Between the authorization and the token exchange.
          stopped = idp.stop();
          return callback;
        });
        expect(landed.status).toBe(302);
        expect(landed.error).toBe('invalid_code');
        expect((await browser.get('/api/auth/get-session')).body).toBeNull();
        expect(await rowsOf(context)).toEqual(rows);
      });
    } finally {
      await (stopped ?? idp.stop());
    }
  });
});
