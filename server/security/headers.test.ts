import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/test-context';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://console.example.test',
  BETTER_AUTH_SECRET: '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1',
};

describe('ASVS V3 web frontend security: response headers', () => {
  let production: TestContext;
  let development: TestContext;
  beforeAll(async () => {
    production = await createTestContext('sqlite', { env: PRODUCTION });
    development = await createTestContext('sqlite');
  });
  afterAll(async () => {
    await production?.destroy();
    await development?.destroy();
  });

  const get = (context: TestContext, path: string) =>
    context.app.fetch(new Request(`${context.config.publicUrl}${path}`));

  it('never serves the API reference page, with its third-party script, on a production origin', async () => {
    const page = await get(production, '/api/auth/reference');
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('<script');
    // The machine-readable schema stays available.
    expect((await get(production, '/api/auth/open-api/generate-schema')).status).toBe(200);
    expect((await get(development, '/api/auth/reference')).status).toBe(200);
  });

  it('tells browsers to keep to https when the console is served over https, and only then', async () => {
    for (const path of ['/api/v1/health', '/api/auth/get-session', '/', '/api/v1/nowhere']) {
      expect((await get(production, path)).headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect((await get(development, path)).headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('forbids content sniffing on every API response, errors included', async () => {
    for (const path of [
      '/api/v1/health',
      '/api/auth/get-session',
      '/api/v1/me',
      '/api/v1/nowhere',
      '/api/auth/nowhere',
    ]) {
      expect((await get(production, path)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
