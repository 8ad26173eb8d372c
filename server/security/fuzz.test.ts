import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type Engine, type TestContext } from '#test/test-context';
import { changes, digest, isExpectedRefusalWrite, listTables } from './fuzz/digest';
import { authEndpoints, V1_ENDPOINTS, type Endpoint } from './fuzz/endpoints';
import { createFixtures, type Fixtures } from './fuzz/fixtures';
import { leak, shorten } from './fuzz/leaks';
import { Principals } from './fuzz/principals';
import { requestArbitrary, toRequest } from './fuzz/requests';

/**
 * Property-based fuzzing of every endpoint under /api/auth and /api/v1, through the real app and as
 * several principals. For every generated request: no 5xx, no stack trace or server path in the
 * body, and a refused request (4xx) leaves every table as it was.
 */

const SEED = process.env.FUZZ_SEED ? Number.parseInt(process.env.FUZZ_SEED, 10) : 20_260_611;
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
/**
 * Most requests go to SQLite, the faster; PostgreSQL gets a share of its own because it refuses
 * values SQLite stores (NUL in text, a word for a boolean or a timestamp).
 */
const REQUESTS: Record<Engine, number> = { sqlite: 8_000, postgres: 2_500 };

process.stdout.write(`fuzz seed ${SEED} (replay or vary with FUZZ_SEED=<integer>)\n`);

describe.each(Object.keys(REQUESTS) as Engine[])('fuzzing every endpoint on %s', (engine) => {
  let context: TestContext;
  let principals: Principals;
  let fixtures: Fixtures;
  let endpoints: Endpoint[];
  let nestedKeys: string[];
  let tables: string[];

  beforeAll(async () => {
    context = await createTestContext(engine, { env: { UNSAFE_DEV_MAILBOX: 'true' } });
    principals = new Principals(context);
    fixtures = await createFixtures(context, principals);
    const auth = authEndpoints(context.auth.api);
    endpoints = [...auth.endpoints, ...V1_ENDPOINTS];
    nestedKeys = [...new Set(auth.nestedKeys)];
    tables = await listTables(context);
  });
  afterAll(async () => context?.destroy());

  it('knows every /api/v1 route of the app, and the tables to compare', () => {
    const registered = context.app.routes
      .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`);
    expect(new Set(registered)).toEqual(new Set(V1_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)));
    expect(endpoints.filter((endpoint) => endpoint.path.startsWith('/api/auth/')).length).toBeGreaterThan(90);
    expect(tables).toEqual(expect.arrayContaining(['user', 'session', 'account', 'apikey', 'file']));
  });

  it(`answers ${REQUESTS[engine]} generated requests without a 5xx, a leak, or a change on refusal`, async () => {
    const started = performance.now();
    // More requests where there is more input to get wrong: fields, query parameters, path parameters.
    const surface = (endpoint: Endpoint) =>
      1 + Math.min(endpoint.bodyKeys.length + endpoint.queryKeys.length + endpoint.path.split(':').length - 1, 8) / 2;
    const totalSurface = endpoints.reduce((sum, endpoint) => sum + surface(endpoint), 0);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const unreached: string[] = [];
    let sent = 0;
    let current = await digest(context, tables);
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join();

    for (const endpoint of endpoints) {
      // One seed per endpoint, derived from the run's seed: adding an endpoint leaves the others' requests alone.
      const seed = crypto
        .createHash('sha256')
        .update(`${SEED} ${endpoint.method} ${endpoint.path}`)
        .digest()
        .readInt32BE(0);
      let reached = false;
      const property = fc.asyncProperty(requestArbitrary(endpoint, fixtures, nestedKeys), async (spec) => {
        const request = toRequest(endpoint, spec, principals.cookie(spec.principal), fixtures.png);
        const response = await context.app.fetch(request);
        const text = await response.text();
        // Work a request leaves behind (a sign-in's alert records) belongs to it, not to the next one.
        await context.auth.settle();
        sent += 1;
        // The catch-all answers of app.ts and auth-handler.ts: the request never reached a handler.
        if (!/No (auth|API) route for/.test(text)) reached = true;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const before = current;
        current = await digest(context, tables);
        const changed = changes(before, current);
        if (response.status < 400 && changed.length > 0 && (await principals.repair())) {
          current = await digest(context, tables);
        }

        const what = `${spec.method} ${shorten(request.url.slice(TEST_ORIGIN.length))} as ${spec.principal}`;
        if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${shorten(text)}`);
        const leaked = leak(text);
        if (leaked) throw new Error(`${what} answered ${response.status} with ${leaked} in its body: ${shorten(text)}`);
        // The server runs in this process: a polluted prototype would show here.
        if (Object.getOwnPropertyNames(Object.prototype).join() !== prototypeKeys) {
          throw new Error(`${what} polluted Object.prototype`);
        }
        const unexpected = changed.filter(
          (change) => !isExpectedRefusalWrite(endpoint.path, response.status, request, change),
        );
        if (response.status >= 400 && unexpected.length > 0) {
          const names = unexpected.map((change) => change.table).join(', ');
          const detail = shorten(JSON.stringify(unexpected), 600);
          throw new Error(`${what} was refused (${response.status}) but changed ${names}: ${shorten(text)}; ${detail}`);
        }
      });
      const numRuns = Math.ceil((REQUESTS[engine] * surface(endpoint)) / totalSurface);
      const details = await fc.check(property, { seed, numRuns, includeErrorInReport: true });
      if (details.failed) failures.push(`${endpoint.method} ${endpoint.path}\n${fc.defaultReportMessage(details)}`);
      if (!reached) unreached.push(`${endpoint.method} ${endpoint.path}`);
    }

    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    process.stdout.write(
      `${engine}: ${sent} requests over ${endpoints.length} endpoints in ${seconds}s (${histogram.join(' ')})\n`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS[engine]);
    // Every endpoint was answered by its own handler at least once, not only by a catch-all.
    expect(unreached).toEqual([]);
  }, 600_000);
});
