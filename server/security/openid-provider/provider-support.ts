import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import {
  authorizationRequest,
  authorizeInBrowser,
  exchangeCode,
  openIdClient,
  registerTestApplication,
  relyingParty,
  type AuthorizationRequest,
  type RegisteredApplication,
} from '#test/openid';
import { contextPerSuite } from '#test/suite';
import { TEST_ORIGIN, type Engine, type TestContext } from '#test/test-context';

export { ADMIN_ENV };
export const TOKEN_PATH = '/api/auth/oauth2/token';
export const USERINFO_PATH = '/api/auth/oauth2/userinfo';
export const CONSENT_PATH = '/api/auth/oauth2/consent';
export const EVIL = 'https://evil.example';
export const FULL_SCOPE = 'openid profile email offline_access';

/** The provider's tables, which our typed schema leaves to Better Auth. */
type ProviderTable = 'oauthAccessToken' | 'oauthRefreshToken' | 'oauthConsent' | 'oauthClient' | 'verification';
type Rows = Kysely<Record<ProviderTable, Record<string, unknown>>>;
export const providerDb = (context: TestContext) => context.database.db as unknown as Rows;

/** How many rows of a provider table match (every row when `where` is empty). */
export async function countProviderRows(
  context: TestContext,
  table: ProviderTable,
  where: Record<string, string> = {},
): Promise<number> {
  let query = providerDb(context)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'));
  for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every token and authorization code there is: what a refusal must leave as it was. */
export async function issued(context: TestContext) {
  return {
    accessTokens: await countProviderRows(context, 'oauthAccessToken'),
    refreshTokens: await countProviderRows(context, 'oauthRefreshToken'),
    verifications: await countProviderRows(context, 'verification'),
  };
}

/** A refusal as a relying party sees it: openid-client's error, read back to status and `error`. */
export async function refusalOf(promise: Promise<unknown>): Promise<{ status: number | undefined; error: string }> {
  try {
    await promise;
  } catch (caught) {
    const error = caught as { status?: number; error?: string; code?: string; message?: string; response?: Response };
    // A 401 with a challenge is reported by its header; its body still says which error it was.
    if (error.code === 'OAUTH_WWW_AUTHENTICATE_CHALLENGE' && error.response) {
      const body = (await error.response.json().catch(() => ({}))) as { error?: string };
      return { status: error.response.status, error: body.error ?? error.code };
    }
    return { status: error.status, error: error.error ?? error.code ?? String(error.message) };
  }
  throw new Error('expected a refusal, the request succeeded');
}

/** A token request sent as it is, for what openid-client will not send. */
export async function tokenRequest(
  context: TestContext,
  params: Record<string, string>,
  credentials?: { clientId: string; clientSecret?: string | undefined },
) {
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
  const form = new URLSearchParams(params);
  if (credentials?.clientSecret) {
    const basic = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
    headers.set('authorization', `Basic ${Buffer.from(basic).toString('base64')}`);
  } else if (credentials) form.set('client_id', credentials.clientId);
  const response = await context.app.fetch(
    new Request(`${TEST_ORIGIN}${TOKEN_PATH}`, { method: 'POST', headers, body: form }),
  );
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body };
}

/** The userinfo answer's status for an access token (Bearer header). */
export async function userInfoStatus(context: TestContext, accessToken: string): Promise<number> {
  const response = await context.app.fetch(
    new Request(`${TEST_ORIGIN}${USERINFO_PATH}`, { headers: { authorization: `Bearer ${accessToken}` } }),
  );
  return response.status;
}

/** The code in a callback URL, failing the test when the callback carries none. */
export function codeOf(callback: URL): string {
  const code = callback.searchParams.get('code');
  expect(code, `no code in ${callback.href}`).toBeTruthy();
  return code!;
}

export interface Party {
  application: RegisteredApplication;
  configuration: openIdClient.Configuration;
}

/** An application registered by the admin, with the relying party that speaks for it. */
export async function party(
  context: TestContext,
  admin: TestClient,
  options: Parameters<typeof registerTestApplication>[2] = {},
): Promise<Party> {
  const application = await registerTestApplication(context, admin, options);
  return { application, configuration: await relyingParty(context.app, application) };
}

/** A person's browser taken through the authorization request to the callback with a code. */
export async function codeFor(
  browser: TestClient,
  { configuration }: Party,
  options: Parameters<typeof authorizationRequest>[1] = {},
): Promise<{ request: AuthorizationRequest; callback: URL; code: string }> {
  const request = await authorizationRequest(configuration, { scope: FULL_SCOPE, ...options });
  const callback = await authorizeInBrowser(browser, request.url);
  return { request, callback, code: codeOf(callback) };
}

/** The tokens a relying party ends with after the whole flow (offline access by default). */
export async function tokensFor(browser: TestClient, rp: Party, options: Parameters<typeof codeFor>[2] = {}) {
  const { request, callback } = await codeFor(browser, rp, options);
  const tokens = await exchangeCode(rp.configuration, callback, request);
  expect(tokens.refresh_token, 'no refresh token').toBeTruthy();
  return { tokens, request, accessToken: tokens.access_token, refreshToken: tokens.refresh_token! };
}

/** The suite every file here starts from: a context per engine with its admin, and a person's browser. */
export function providerSuite(engine: Engine) {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let counter = 0;
  return {
    get context() {
      return suite.context;
    },
    admin: () => signInAdmin(suite.context.app),
    /** A new person, signed in in their own browser. */
    person: async (label = 'person') => {
      counter += 1;
      return signUp(suite.context.app, { email: `${label}-${counter}-${engine}@example.com`, name: label });
    },
  };
}
