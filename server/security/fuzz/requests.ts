import fc from 'fast-check';
import { TEST_ORIGIN } from '#test/test-context';
import { bodyArbitrary, contentType, type BodySpec } from './bodies';
import type { Endpoint } from './endpoints';
import type { Fixtures } from './fixtures';
import { jsonArbitraries } from './json';
import type { PrincipalName } from './principals';
import { MORE_USER_COLUMNS, POLLUTION_KEYS, stringArbitraries, USER_COLUMNS } from './strings';

/** One generated request, sent as `principal`, before it is made a `Request` (`toRequest`). */
export interface RequestSpec {
  principal: PrincipalName;
  method: string;
  params: string[];
  query: string;
  headers: Array<[string, string]>;
  body: BodySpec;
}

/** Percent-encoding that survives lone surrogates (sent as U+FFFD, as a browser would). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(Buffer.from(value).toString());
  }
}

/** Requests to one endpoint: its body, query, path parameters and headers, as one of the principals. */
export function requestArbitrary(
  endpoint: Endpoint,
  fixtures: Fixtures,
  nestedKeys: string[],
): fc.Arbitrary<RequestSpec> {
  const strings = stringArbitraries(fixtures, endpoint.choices);
  const ownKeys = endpoint.bodyKeys.length > 0 ? endpoint.bodyKeys : ['name', 'id', 'userId', 'data'];
  const allKeys = [...new Set([...ownKeys, ...nestedKeys, ...USER_COLUMNS, ...MORE_USER_COLUMNS])];
  const json = jsonArbitraries(strings, allKeys);
  const body = bodyArbitrary(endpoint, strings, json, ownKeys, allKeys);

  const queryValue = (name: string) => strings.forKey(name).map((value) => encode(value));
  const queryPair = (names: string[]) =>
    fc.constantFrom(...names).chain((name) => queryValue(name).map((value) => `${name}=${value}`));
  // Known parameters that fit but one that is broken, or that one alone (the others are often optional).
  const shapedQuery = endpoint.queryKeys.length
    ? fc
        .tuple(fc.subarray(endpoint.queryKeys, { minLength: 1 }), fc.nat(), fc.boolean())
        .chain(([names, pick, alone]) => {
          const broken = names[pick % names.length]!;
          const sent = alone ? [broken] : names;
          return fc.tuple(
            ...sent.map((name) =>
              (name === broken ? strings.hostile(name) : strings.fitting(name)).map(
                (value) => `${name}=${encode(value)}`,
              ),
            ),
          );
        })
        .map((parts) => parts.join('&'))
    : fc.constant('');
  const garbageQuery = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: queryPair([...endpoint.queryKeys, 'id', 'token', 'callbackURL']) },
        { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS, 'id').map((name) => `${name}[]=1&${name}[x]=2`) },
        { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%00', '&', '=', '==', 'a=%E0%A4%A', '__proto__[x]=1') },
        { weight: 1, arbitrary: fc.tuple(strings.any, strings.any).map(([k, v]) => `${encode(k)}=${encode(v)}`) },
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((parts) => parts.join('&'));
  const query = fc.oneof(
    { weight: endpoint.queryKeys.length ? 1 : 7, arbitrary: fc.constant('') },
    { weight: endpoint.queryKeys.length ? 4 : 0, arbitrary: shapedQuery },
    { weight: 1, arbitrary: garbageQuery },
  );

  const headerValue = fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
    maxLength: 60,
  });
  const header: fc.Arbitrary<[string, string]> = fc
    .oneof<fc.Arbitrary<[string, string]>[]>(
      fc.tuple(fc.constant('content-type'), fc.oneof(contentType, headerValue)),
      fc.tuple(
        fc.constant('origin'),
        fc.oneof(fc.constantFrom('null', 'http://evil.example', `${TEST_ORIGIN}.evil.example`, ''), headerValue),
      ),
      fc.tuple(
        fc.constant('cookie'),
        fc.oneof(
          headerValue,
          headerValue.map((value) => `better-auth.session_token=${value}`),
          fc.constantFrom(
            'better-auth.session_token=%ZZ',
            'better-auth.session_token=a.b; better-auth.session_token=c.d',
          ),
        ),
      ),
      fc.tuple(fc.constant('x-api-key'), fc.oneof(headerValue, fc.constant(fixtures.apiKey))),
      fc.tuple(
        fc.constant('x-forwarded-for'),
        fc.oneof(headerValue, fc.constantFrom('::1', '1.2.3.4, 5.6.7.8', 'unknown')),
      ),
      fc.tuple(fc.constantFrom('user-agent', 'accept', 'accept-language', 'authorization', 'referer'), headerValue),
    )
    .filter(([name, value]) => {
      // Only what an HTTP client can send: the Headers class refuses the rest.
      try {
        new Headers([[name, value]]);
        return true;
      } catch {
        return false;
      }
    });

  const otherMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');
  const params = (endpoint.path.match(/:[A-Za-z]+/g) ?? []).map(() =>
    fc.oneof(
      fc.constantFrom(...fixtures.ids.all),
      strings.any.map((value) => encode(value)),
      fc.constantFrom('%00', '%ZZ', '%2e%2e', 'a%2Fb', '%E0%A4%A', '%C0%80'),
    ),
  );
  return fc.record({
    // Signed-in principals more often, and admins on admin endpoints, to get past the access checks.
    principal: fc.oneof(
      { weight: 1, arbitrary: fc.constant('visitor' as const) },
      { weight: 2, arbitrary: fc.constant('user' as const) },
      { weight: 1, arbitrary: fc.constant('guest' as const) },
      { weight: endpoint.path.includes('/admin') ? 6 : 2, arbitrary: fc.constant('admin' as const) },
    ),
    method: fc.oneof({ weight: 19, arbitrary: fc.constant(endpoint.method) }, { weight: 1, arbitrary: otherMethod }),
    params: fc.tuple(...params),
    query,
    // Mostly the principal's own headers, so that requests get past the origin and session checks.
    headers: fc.oneof(
      { weight: 5, arbitrary: fc.constant<Array<[string, string]>>([]) },
      { weight: 1, arbitrary: fc.array(header, { minLength: 1, maxLength: 2 }) },
    ),
    body,
  });
}

/** The request itself, with the principal's cookie and the trusted Origin unless the spec overrides them. */
export function toRequest(endpoint: Endpoint, spec: RequestSpec, cookie: string | undefined, png: Uint8Array): Request {
  let index = 0;
  const pathname = endpoint.path.replace(/:[A-Za-z]+/g, () => spec.params[index++] ?? 'x');
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (cookie) headers.set('cookie', cookie);
  let body: RequestInit['body'];
  if (spec.method !== 'GET' && spec.method !== 'HEAD') {
    if (spec.body.kind === 'text' || spec.body.kind === 'bytes') {
      if (spec.body.contentType) headers.set('content-type', spec.body.contentType);
      body = spec.body.kind === 'text' ? spec.body.text : spec.body.bytes;
    } else if (spec.body.kind === 'multipart') {
      const form = new FormData();
      for (const [name, value] of spec.body.fields) {
        if (typeof value === 'string') {
          form.append(name, value);
          continue;
        }
        const content = { png, bytes: value.bytes, text: 'hello', empty: new Uint8Array(0) }[value.file];
        form.append(name, new File([content], value.name, { type: value.type }));
      }
      body = form;
    }
  }
  // Extra headers replace the defaults (a fuzzed cookie or origin instead of the principal's).
  for (const [name, value] of spec.headers) headers.set(name, value);
  const query = spec.query ? `?${spec.query}` : '';
  return new Request(`${TEST_ORIGIN}${pathname}${query}`, { method: spec.method, headers, body });
}
