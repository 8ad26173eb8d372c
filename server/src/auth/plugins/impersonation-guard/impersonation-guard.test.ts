import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_WHILE_IMPERSONATING_MESSAGE } from '#common/admin';
import type { ApiErrorBody } from '#common/error-codes';
import { ADMIN_ENV, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import { selectRows } from '#test/rows';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { totpCode } from '#test/totp';
import { enableTwoFactor } from '#test/two-factor';
import { accountState, addPasskey, impersonate } from '#test/fixtures/impersonation';
import { isSensitivePath, SENSITIVE_PATHS } from '../../auth-paths';

const PASSWORD = 'user-password-1';

/** While an admin impersonates someone, the account's security settings and its deletion are refused. */
describe.each(ENGINES)('impersonation guard on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let user: { client: TestClient; id: string };
  let impersonation: TestClient;
  let secret: string;
  let backupCode: string;
  let passkeyId: string;
  let keyId: string;
  let ownToken: string;

  beforeAll(async () => {
    user = await signUp(suite.context.app, { email: 'guarded-owner@example.com' });
    ({
      secret,
      backupCodes: [backupCode = ''],
    } = await enableTwoFactor(user.client));
    passkeyId = await addPasskey(suite.context, user.id);
    const key = await user.client.post('/api/auth/api-key/create', { name: 'deploy' });
    expect(key.status, key.text).toBe(200);
    keyId = key.body.id as string;
    ownToken = (await user.client.get('/api/auth/get-session')).body?.session.token as string;
    impersonation = await impersonate(suite.context, user.id);
  });

  /** Every sensitive endpoint, called as the owner could, with inputs it would otherwise accept. */
  const attacks = (): Array<[string, string, unknown?]> => [
    ['POST', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'taken-over-1' }],
    ['POST', '/api/auth/change-email', { newEmail: 'attacker@example.com' }],
    ['POST', '/api/auth/verify-password', { password: PASSWORD }],
    ['POST', '/api/auth/two-factor/enable', { password: PASSWORD }],
    ['POST', '/api/auth/two-factor/disable', { password: PASSWORD }],
    ['POST', '/api/auth/two-factor/get-totp-uri', { password: PASSWORD }],
    ['POST', '/api/auth/two-factor/generate-backup-codes', { password: PASSWORD }],
    ['POST', '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }],
    ['POST', '/api/auth/two-factor/send-otp', {}],
    ['POST', '/api/auth/two-factor/verify-otp', { code: '123456' }],
    ['POST', '/api/auth/two-factor/verify-backup-code', { code: backupCode }],
    ['GET', '/api/auth/passkey/generate-register-options'],
    ['POST', '/api/auth/passkey/verify-registration', { response: {}, name: 'Planted' }],
    ['POST', '/api/auth/passkey/update-passkey', { id: passkeyId, name: 'Renamed' }],
    ['POST', '/api/auth/passkey/delete-passkey', { id: passkeyId }],
    ['POST', '/api/auth/api-key/create', { name: 'planted' }],
    ['POST', '/api/auth/api-key/update', { keyId, name: 'renamed' }],
    ['POST', '/api/auth/api-key/delete', { keyId }],
    ['POST', '/api/auth/delete-user', { password: PASSWORD }],
    ['GET', '/api/auth/delete-user/callback?token=made-up'],
    ['POST', '/api/auth/delete-anonymous-user', {}],
    ['POST', '/api/auth/revoke-session', { token: ownToken }],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/revoke-other-sessions', {}],
    ['POST', '/api/auth/link-social', { provider: 'google', callbackURL: '/profile' }],
    ['POST', '/api/auth/unlink-account', { accountId: 'any-account' }],
    ['PUT', '/api/v1/me/sign-in-alerts', { enabled: false }],
  ];
  // Every attack is refused: its body is an error (or nothing).
  const send = (client: TestClient, [method, path, json]: [string, string, unknown?]) =>
    client.request<ApiErrorBody | null>(method, path, json === undefined ? {} : { json });

  it('names real endpoints only, and has an attack for every one of them', () => {
    const declared = (Object.values(suite.context.auth.api) as Array<{ path?: unknown }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === 'string');
    for (const path of SENSITIVE_PATHS) expect(declared, path).toContain(path);
    const attacked = attacks().map(([, path]) => path.split('?')[0]);
    for (const path of declared.filter(isSensitivePath)) expect(attacked, path).toContain(`/api/auth${path}`);
  });

  it('refuses each with 403 and the one message, changing nothing, the impersonation still going', async () => {
    const before = await accountState(suite.context, user.id);
    const got: Record<string, string> = {};
    for (const attack of attacks()) {
      const response = await send(impersonation, attack);
      got[`${attack[0]} ${attack[1]}`] = `${response.status} ${response.body?.code}: ${response.body?.message}`;
    }
    const refusal = `403 NOT_WHILE_IMPERSONATING: ${NOT_WHILE_IMPERSONATING_MESSAGE}`;
    expect(got).toEqual(Object.fromEntries(attacks().map(([method, path]) => [`${method} ${path}`, refusal])));
    expect(await accountState(suite.context, user.id)).toEqual(before);
    expect((await impersonation.get('/api/auth/get-session')).body?.session.impersonatedBy).toBeTruthy();
    expect((await user.client.get('/api/auth/get-session')).body?.user.id).toBe(user.id);
  });

  it('has no HTTP route to set a password (Better Auth keeps it for the server)', async () => {
    const before = await accountState(suite.context, user.id);
    const response = await impersonation.post('/api/auth/set-password', { newPassword: 'taken-over-1' });
    expect(response.status).toBe(404);
    expect(await accountState(suite.context, user.id)).toEqual(before);
  });

  it('lets the impersonating admin use the account otherwise', async () => {
    const renamed = await impersonation.post('/api/auth/update-user', { name: 'Renamed By Support' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await selectRows(suite.context, 'user', ['name'], { id: user.id })).toEqual([
      { name: 'Renamed By Support' },
    ]);
    const sessions = await impersonation.get('/api/auth/list-sessions');
    expect(sessions.status, sessions.text).toBe(200);
    expect(Array.isArray(sessions.body)).toBe(true);
    const organization = await impersonation.post('/api/v1/organizations', { name: 'Made While Impersonating' });
    expect(organization.status, organization.text).toBe(201);
    const listed = await impersonation.get('/api/auth/organization/list');
    expect(listed.body.map((entry: { id: string }) => entry.id)).toContain(organization.body.data.id);
    for (const path of [
      '/api/auth/api-key/list',
      '/api/auth/passkey/list-user-passkeys',
      '/api/v1/me/sign-in-alerts',
    ]) {
      expect((await impersonation.get(path)).status, path).toBe(200);
    }
  });

  it('refuses none of it to the owner, nor to the admin once the impersonation is stopped', async () => {
    const renamed = await user.client.post('/api/auth/passkey/update-passkey', { id: passkeyId, name: 'Work laptop' });
    expect(renamed.status, renamed.text).toBe(200);
    const alerts = await user.client.request('PUT', '/api/v1/me/sign-in-alerts', { json: { enabled: false } });
    expect(alerts.status, alerts.text).toBe(200);
    const admin = await impersonate(suite.context, user.id);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    const key = await admin.post('/api/auth/api-key/create', { name: 'admin own key' });
    expect(key.status, key.text).toBe(200);
  });
});
