import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import { registerTestApplication, relyingParty, signInToApplication } from '#test/openid';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { SIGNING_KEY_GRACE_SECONDS } from './index';

const PASSWORD = 'user-password-1';

/** The key set an instance publishes at the `jwks_uri` its discovery names. */
async function publishedKeys(app: Hono): Promise<JSONWebKeySet & { keys: { kid: string; alg: string }[] }> {
  const discovery = await app.fetch(new Request(`${TEST_ORIGIN}/.well-known/openid-configuration`));
  const metadata = (await discovery.json()) as { jwks_uri: string; id_token_signing_alg_values_supported: string[] };
  expect(metadata.id_token_signing_alg_values_supported).toContain('RS256');
  const published = await app.fetch(new Request(metadata.jwks_uri));
  expect(published.status).toBe(200);
  return (await published.json()) as JSONWebKeySet & { keys: { kid: string; alg: string }[] };
}

const kidsOf = (keySet: { keys: { kid: string }[] }) => keySet.keys.map((key) => key.kid).sort();

/** Moves every stored key's `expiresAt` (or one key's) to `secondsAgo` in the past, as time would. */
async function ageKeys(context: TestContext, secondsAgo: number, kid?: string) {
  const past = new Date(Date.now() - secondsAgo * 1000);
  let update = context.database.db
    .withTables<{ jwks: { id: string; expiresAt: Date | string | null } }>()
    .updateTable('jwks')
    .set({ expiresAt: context.database.engine === 'sqlite' ? past.toISOString() : past });
  if (kid) update = update.where('id', '=', kid);
  await update.execute();
}

describe.each(ENGINES)('signing keys of the OpenID Connect provider (%s)', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });

  async function setUp(email: string) {
    const { app } = suite.context;
    const { client: browser } = await signUp(app, { email, name: 'Ada' });
    const application = await registerTestApplication(suite.context, await signInAdmin(app));
    const configuration = await relyingParty(app, application);
    const idToken = async () => (await signInToApplication(browser, configuration)).id_token!;
    const verify = (token: string, keySet: JSONWebKeySet) =>
      jwtVerify(token, createLocalJWKSet(keySet), { issuer: TEST_ORIGIN, audience: application.clientId });
    return { idToken, verify };
  }

  it('signs with an RS256 key it publishes, replaces it once it is due, and publishes the old one through the grace period', async () => {
    const { idToken, verify } = await setUp(`keys-${engine}@example.com`);

    const first = await idToken();
    const firstHeader = decodeProtectedHeader(first);
    expect(firstHeader.alg).toBe('RS256');
    const published = await publishedKeys(suite.context.app);
    expect(published.keys).toEqual([expect.objectContaining({ kid: firstHeader.kid, kty: 'RSA', alg: 'RS256' })]);
    expect((await verify(first, published)).protectedHeader.kid).toBe(firstHeader.kid);
    // Not yet due: the next token is signed with the same key.
    expect(decodeProtectedHeader(await idToken()).kid).toBe(firstHeader.kid);

    // The key is due (its rotation interval is over): the next ID token is signed with a new one.
    await ageKeys(suite.context, 1);
    const second = await idToken();
    const secondHeader = decodeProtectedHeader(second);
    expect(secondHeader.alg).toBe('RS256');
    expect(secondHeader.kid).not.toBe(firstHeader.kid);
    const both = await publishedKeys(suite.context.app);
    expect(kidsOf(both)).toEqual([firstHeader.kid, secondHeader.kid].sort());
    // A relying party holding a token signed before the change still verifies it, and the new one too.
    expect((await verify(first, both)).payload.aud).toBeDefined();
    expect((await verify(second, both)).protectedHeader.kid).toBe(secondHeader.kid);
    expect(decodeProtectedHeader(await idToken()).kid).toBe(secondHeader.kid);

    // Past the grace period the old key is withdrawn: what it signed no longer verifies.
    await ageKeys(suite.context, SIGNING_KEY_GRACE_SECONDS + 1, firstHeader.kid!);
    const withdrawn = await publishedKeys(suite.context.app);
    expect(kidsOf(withdrawn)).toEqual([secondHeader.kid]);
    await expect(verify(first, withdrawn)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    expect((await verify(second, withdrawn)).protectedHeader.kid).toBe(secondHeader.kid);
  });
});

/** Two instances that both find the key due at the same moment each make one: both are kept and published. */
describe('signing keys made at once by two instances (postgres)', () => {
  const instances = sharedInstancesPerSuite('postgres', { secondEnv: ADMIN_ENV });

  it('publishes both keys, and every ID token either instance signs verifies against either key set', async () => {
    const { first, second } = instances;
    const email = 'keys-race@example.com';
    const application = await registerTestApplication(second, await signInAdmin(second.app));
    await signUp(first.app, { email, name: 'Ada' });
    const browsers: [TestClient, Hono][] = [
      [await signIn(first.app, email, PASSWORD), first.app],
      [await signIn(second.app, email, PASSWORD), second.app],
    ];
    const idTokenOn = async ([browser, app]: [TestClient, Hono]) =>
      (await signInToApplication(browser, await relyingParty(app, application))).id_token!;
    const verify = (token: string, keySet: JSONWebKeySet) =>
      jwtVerify(token, createLocalJWKSet(keySet), { issuer: TEST_ORIGIN, audience: application.clientId });

    const before = decodeProtectedHeader(await idTokenOn(browsers[0]!)).kid;
    await ageKeys(first, 1);
    // Several sign-ins on each instance at once: each instance finds the key due and makes its own.
    const tokens = await Promise.all([...browsers, ...browsers, ...browsers].map(idTokenOn));
    const kids = new Set(tokens.map((token) => decodeProtectedHeader(token).kid));
    expect(kids.has(before)).toBe(false);

    const onFirst = await publishedKeys(first.app);
    const onSecond = await publishedKeys(second.app);
    expect(kidsOf(onSecond)).toEqual(kidsOf(onFirst));
    for (const kid of [before, ...kids]) expect(kidsOf(onFirst)).toContain(kid);
    for (const token of tokens) {
      await verify(token, onFirst);
      await verify(token, onSecond);
    }
    // From then on both instances sign with one key: the newest.
    const [afterOnFirst, afterOnSecond] = await Promise.all(browsers.map(idTokenOn));
    expect(decodeProtectedHeader(afterOnFirst!).kid).toBe(decodeProtectedHeader(afterOnSecond!).kid);
  });
});
