import type { TestResponse } from '#test/http-client';
import { isDisabledProviderPath } from '../../src/auth/openid-provider/disabled-paths';
import type { TestContext } from '#test/test-context';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface Attack {
  method: Method;
  path: string;
  body?: unknown;
}

/** Attacks by endpoint (`METHOD /path`, without its query string; the route's pattern when it has parameters). */
export const attackTable = (rows: Array<[Method, string, unknown?, string?]>): Record<string, Attack> =>
  Object.fromEntries(
    rows.map(([method, path, body, pattern]) => [`${method} ${pattern ?? path.split('?')[0]}`, { method, path, body }]),
  );

export const refused = (status: number) => status >= 400 && status < 500;
export const brief = (response: TestResponse) => `${response.status} ${response.text.slice(0, 160)}`;

/**
 * Better Auth's endpoints under a prefix, as the running instance declares them (new ones show up
 * here), bar the provider's that answer 404 to everyone (`disabled-paths.test.ts` proves it).
 */
export function authEndpoints(context: TestContext, prefix: string): string[] {
  const endpoints = Object.values(context.auth.api as Record<string, unknown>) as Array<{
    path?: unknown;
    options?: { method?: unknown };
  }>;
  return endpoints
    .filter(
      (endpoint) =>
        typeof endpoint.path === 'string' && endpoint.path.startsWith(prefix) && !isDisabledProviderPath(endpoint.path),
    )
    .map((endpoint) => {
      const method = endpoint.options?.method;
      return `${Array.isArray(method) ? method.join(',') : String(method)} /api/auth${String(endpoint.path)}`;
    })
    .sort();
}

/** Our routes under /api/v1/admin, as the running app has them (middleware entries left out). */
export function ourAdminRoutes(context: TestContext): string[] {
  const routes = context.app.routes
    .filter((route) => route.path.startsWith('/api/v1/admin/') && route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}
