import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin } from '#test/accounts';
import { contextPerSuite } from '#test/suite';
import { isDisabledProviderPath } from './disabled-paths';

describe('the provider endpoints nobody reaches over HTTP', () => {
  const suite = contextPerSuite('sqlite', { env: ADMIN_ENV });

  it('answer 404 even to a platform admin, with nothing written', async () => {
    const { context } = suite;
    const admin = await signInAdmin(context.app);
    const endpoints = (Object.values(context.auth.api) as Array<{ path?: unknown; options?: { method?: unknown } }>)
      .filter((endpoint) => typeof endpoint.path === 'string' && isDisabledProviderPath(endpoint.path))
      .flatMap((endpoint) =>
        [endpoint.options?.method ?? 'GET'].flat().map((method) => ({
          method: String(method),
          path: String(endpoint.path).replace(/:[a-z_]+/gi, 'x'),
        })),
      );
    // The client endpoints, the consent endpoints, registration, the resources, the session JWT.
    expect(endpoints.length).toBeGreaterThanOrEqual(18);
    const { adapter } = await context.auth.$context;
    const clients = () => adapter.count({ model: 'oauthClient' });
    const clientsBefore = await clients();
    for (const { method, path } of endpoints) {
      const body =
        method === 'GET' ? {} : { json: { client_name: 'x', redirect_uris: ['https://app.example/cb'], accept: true } };
      const response = await admin.request(method, `/api/auth${path}`, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(404);
    }
    expect(await clients()).toBe(clientsBefore);
  });
});
