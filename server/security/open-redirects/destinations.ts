import { TEST_ORIGIN, type TestContext } from '#test/test-context';

/** Destinations off the trusted origin, each dressed to slip past a naive check. */
export const HOSTILE_URLS = [
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
  // The trusted origin as a mere prefix of another host, or as the userinfo of one.
  'https://localhost:3000.evil.example',
  'http://localhost:3000.evil.example',
  'http://localhost:3000@evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
  // Browsers drop tabs and read https:host as https://host.
  '/\t/evil.example',
  'https:evil.example',
] as const;

/** The fields Better Auth follows after an action, wherever an endpoint takes them. */
const URL_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'];

/** An address the browser would end up at, resolved as a browser resolves a Location. */
export function offOrigin(location: string | null | undefined): boolean {
  if (!location) return false;
  try {
    return new URL(location, `${TEST_ORIGIN}/`).origin !== TEST_ORIGIN;
  } catch {
    return true;
  }
}

/** Keys of a (possibly optional) zod object schema, as Better Auth declares an endpoint's body or query. */
function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  for (let depth = 0; depth < 5 && current && !current.shape && typeof current.unwrap === 'function'; depth += 1) {
    current = current.unwrap() as typeof current;
  }
  return current?.shape ? Object.keys(current.shape) : [];
}

/** Every `METHOD path field` where a Better Auth endpoint takes a URL to send the browser to. */
export function urlTakingEndpoints(context: TestContext): string[] {
  const found: string[] = [];
  for (const endpoint of Object.values(context.auth.api as Record<string, unknown>) as Array<{
    path?: unknown;
    options?: { method?: unknown; body?: unknown; query?: unknown };
  }>) {
    if (typeof endpoint.path !== 'string') continue;
    const method = String(endpoint.options?.method);
    for (const key of [...schemaKeys(endpoint.options?.body), ...schemaKeys(endpoint.options?.query)]) {
      if (URL_FIELDS.includes(key)) found.push(`${method} ${endpoint.path} ${key}`);
    }
  }
  return found.sort();
}
