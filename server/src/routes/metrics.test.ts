import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { signIn, signUp } from '#test/accounts';
import { sendCodeStepsBySession } from '#test/code-steps';
import { TestClient } from '#test/http-client';
import { totpCode, wrongCode } from '#test/totp';
import { enableTwoFactor } from '#test/two-factor';
import { createTestContext, type TestContext } from '#test/test-context';
import { metricsApp } from './metrics';

describe('request ids and metrics', () => {
  let context: TestContext;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    context = await createTestContext('sqlite', {
      logger: createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    });
  });
  afterAll(async () => context?.destroy());

  const scrape = async () => (await metricsApp(context.metrics).fetch(new Request('http://metrics/metrics'))).text();
  const count = async (method: string, outcome: string) =>
    Number(
      (await scrape()).match(
        new RegExp(`gatehouse_sign_ins_total\\{method="${method}",outcome="${outcome}"\\} (\\d+)`),
      )?.[1] ?? 0,
    );

  it('gives every request an id, in its response, its error body and every log line written for it', async () => {
    const client = new TestClient(context.app);
    const missing = await client.get('/api/v1/files/no-such-file');
    const id = missing.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.body).toMatchObject({ code: 'FILE_NOT_FOUND', requestId: id });
    const written = lines.filter((line) => line.requestId === id);
    expect(written.map((line) => line.msg)).toContain('request');

    const other = await client.get('/api/v1/health');
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });

  it('counts requests by route pattern, sign-ins by outcome, and password hashing', async () => {
    const { client } = await signUp(context.app, { email: 'metrics@example.com', password: 'metrics-password-1' });
    await signIn(context.app, 'metrics@example.com', 'metrics-password-1');
    await client.post('/api/auth/sign-in/email', { email: 'metrics@example.com', password: 'wrong-password-1' });
    await client.get('/api/v1/files/a-secret-looking-file-id-0123456789');
    await client.get('/api/v1/nowhere/at/all');

    const text = await scrape();
    expect(text).toMatch(/gatehouse_sign_ins_total\{method="email",outcome="success"\} 1/);
    expect(text).toMatch(/gatehouse_sign_ins_total\{method="email",outcome="failure"\} 1/);
    expect(text).toMatch(
      /gatehouse_http_requests_total\{method="GET",route="\/api\/v1\/files\/:id",status="404"\} [1-9]/,
    );
    expect(text).toMatch(/gatehouse_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).toMatch(
      /gatehouse_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/sign-in\/email"\} 2/,
    );
    // Sign-up hashes once, sign-in checks twice.
    expect(text).toMatch(/gatehouse_password_hash_duration_seconds_count 3/);
    expect(text).toMatch(/gatehouse_password_hashing_in_flight 0/);
    expect(text).toMatch(/gatehouse_process_resident_memory_bytes/);
    // Paths carry ids and tokens: only patterns reach the labels.
    expect(text).not.toContain('a-secret-looking-file-id');
    expect(text).not.toContain('/nowhere/');
  });

  it('counts a two-factor sign-in as its password step and its code step, never the code that turns it on', async () => {
    const email = 'metrics-2fa@example.com';
    const { client } = await signUp(context.app, { email, password: 'user-password-1' });
    const { secret, backupCodes } = await enableTwoFactor(client);
    // Turning two-factor on verified a first code: not a sign-in.
    expect(await count('totp', 'success')).toBe(0);
    const successes = await count('email', 'success');

    const browser = new TestClient(context.app);
    expect((await browser.post('/api/auth/sign-in/email', { email, password: 'user-password-1' })).status).toBe(200);
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status).toBe(401);
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) })).status).toBe(200);
    const other = new TestClient(context.app);
    await other.post('/api/auth/sign-in/email', { email, password: 'user-password-1' });
    expect((await other.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);

    expect(await count('email', 'second_factor')).toBe(2);
    expect(await count('email', 'success')).toBe(successes);
    expect(await count('totp', 'failure')).toBe(1);
    expect(await count('totp', 'success')).toBe(1);
    expect(await count('backup_code', 'success')).toBe(1);
  });

  it('tells a code step by its session, as Better Auth does: with one it is no sign-in, whatever cookie is beside it', async () => {
    const before = { success: await count('totp', 'success'), failure: await count('totp', 'failure') };
    await sendCodeStepsBySession(context.app, 'metrics-2fa-steps@example.com', 'MetricsTest/1.0');
    // The code sent with a session is no sign-in; the one sent with neither is a failed one.
    expect(await count('totp', 'success')).toBe(before.success);
    expect(await count('totp', 'failure')).toBe(before.failure + 1);
  });

  it('is not served by the public app', async () => {
    const client = new TestClient(context.app);
    for (const path of ['/api/v1/metrics', '/api/metrics']) expect((await client.get(path)).status).toBe(404);
    expect((await client.get('/metrics')).text).not.toContain('gatehouse_');
  });
});
