import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { signIn, signUp } from '../testing/accounts';
import { TestClient } from '../testing/http-client';
import { createTestContext, type TestContext } from '../testing/test-context';
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

  it('gives every request an id, in its response, its error body and every log line written for it', async () => {
    const client = new TestClient(context.app);
    const missing = await client.get('/api/v1/files/no-such-file');
    const id = missing.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', requestId: id });
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

  it('is not served by the public app', async () => {
    const client = new TestClient(context.app);
    for (const path of ['/api/v1/metrics', '/api/metrics']) expect((await client.get(path)).status).toBe(404);
    expect((await client.get('/metrics')).text).not.toContain('gatehouse_');
  });
});
