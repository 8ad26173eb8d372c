import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#common/error-codes';
import { MAX_API_BODY_BYTES } from './app';
import { TestClient } from '#test/http-client';
import { createTestContext, type TestContext } from '#test/test-context';

describe('HTTP edges', () => {
  let context: TestContext;
  let webDist: string;
  let client: TestClient;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Gatehouse</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
    context = await createTestContext('sqlite', { webDist });
    client = new TestClient(context.app);
  });
  afterAll(async () => {
    await context?.destroy();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers health with JSON once the database answers', async () => {
    const health = await client.get('/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const response = await client.request('POST', '/api/auth/sign-in/email', {
      body: '{"email": "a@example.com",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers missing fields and wrong types with a 400 naming the fields', async () => {
    const missing = await client.post('/api/auth/sign-up/email', { email: 'a@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/password/);
    const wrongType = await client.post('/api/auth/sign-in/email', { email: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/email/);
  });

  it('refuses a body over the cap with 413 before reading it whole', async () => {
    const huge = JSON.stringify({ email: 'a@example.com', password: 'p'.repeat(MAX_API_BODY_BYTES) });
    const response = await client.request('POST', '/api/auth/sign-in/email', {
      body: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['POST', '/api/v1/health/deeper'],
    ['GET', '/api/auth/not-a-route'],
    ['DELETE', '/api/other'],
  ])('answers the unknown API route %s %s with a 404 JSON error, never the SPA', async (method, route) => {
    const response = await client.request<ApiErrorBody>(method, route);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });

  it('never sends a stack trace to the client', async () => {
    const responses = await Promise.all([
      client.request('POST', '/api/auth/sign-up/email', {
        body: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      client.request('POST', '/api/auth/sign-up/email', { body: 'a=b', headers: { 'content-type': 'text/plain' } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.text).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
    }
  });

  it('serves client routes with index.html, not cached, with security headers', async () => {
    for (const route of ['/', '/profile', '/teams/abc', '/admin/users']) {
      const page = await client.get(route);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(page.text).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable, gzipped when asked, and a missing asset as 404', async () => {
    const asset = await client.get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    const raw = await context.app.fetch(
      new Request('http://localhost:3000/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } }),
    );
    expect(gunzipSync(Buffer.from(await raw.arrayBuffer())).toString()).toBe(script);

    const missing = await client.get('/assets/index-old999.js');
    expect(missing.status).toBe(404);
  });
});
