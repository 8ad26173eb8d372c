import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCreateOrganizationSchema,
  adminCreateUserSchema,
  adminUserListQuerySchema,
  outboxQuerySchema,
  PAGE_SIZES,
} from '#common/admin';
import { uploadFormSchema } from '../routes/files/upload-form';
import { TestClient } from '../testing/http-client';
import { createTestContext, TEST_ORIGIN, type Engine, type TestContext } from '../testing/test-context';

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
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'fuzz-password-1';

process.stdout.write(`fuzz seed ${SEED} (replay or vary with FUZZ_SEED=<integer>)\n`);

// ---------------------------------------------------------------------------------------------
// Endpoints

interface Endpoint {
  method: string;
  /** With `:name` segments for path parameters. */
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
  /** The allowed values of fields that are enumerations (a sort direction, a role). */
  choices?: Record<string, string[]>;
  multipart?: boolean;
}

interface ZodLike {
  _zod?: {
    def?: {
      type?: string;
      shape?: Record<string, ZodLike>;
      innerType?: ZodLike;
      in?: ZodLike;
      options?: ZodLike[];
      entries?: Record<string, string | number>;
      values?: unknown[];
    };
  };
}

/** Field names of a (zod 4) object schema, through optional/default/pipe/union wrappers. */
function schemaKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 5) return [];
  if (def.shape) return Object.keys(def.shape);
  const inner = def.innerType ?? def.in;
  if (inner) return schemaKeys(inner, depth + 1);
  if (def.options) return [...new Set(def.options.flatMap((option) => schemaKeys(option, depth + 1)))];
  return [];
}

/** The values an enumeration (or literal) schema allows, through wrappers; empty for anything else. */
function enumValues(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 5) return [];
  if (def.type === 'enum') return Object.values(def.entries ?? {}).map(String);
  if (def.type === 'literal') return (def.values ?? []).map(String);
  const inner = def.innerType ?? def.in;
  if (inner) return enumValues(inner, depth + 1);
  return (def.options ?? []).flatMap((option) => enumValues(option, depth + 1));
}

/** Per field of an object schema, the values it allows when it is an enumeration. */
function schemaChoices(...schemas: unknown[]): Record<string, string[]> {
  const choices: Record<string, string[]> = {};
  for (const schema of schemas) {
    let def = (schema as ZodLike | undefined)?._zod?.def;
    while (def && !def.shape && (def.innerType ?? def.in)) def = (def.innerType ?? def.in)?._zod?.def;
    for (const [key, field] of Object.entries(def?.shape ?? {})) {
      const values = enumValues(field);
      if (values.length > 0) choices[key] = values;
    }
  }
  return choices;
}

/** Every field name a schema mentions at any depth: for nested objects such as admin's `data`. */
function nestedSchemaKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 5) return [];
  const children = [
    ...Object.values(def.shape ?? {}),
    ...(def.innerType ? [def.innerType] : []),
    ...(def.in ? [def.in] : []),
    ...(def.options ?? []),
  ];
  return [...Object.keys(def.shape ?? {}), ...children.flatMap((child) => nestedSchemaKeys(child, depth + 1))];
}

interface AuthEndpointLike {
  path?: unknown;
  options?: {
    method?: string | string[];
    body?: unknown;
    query?: unknown;
    metadata?: {
      SERVER_ONLY?: boolean;
      openapi?: { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } };
    };
  };
}

/** Better Auth's endpoints, read from the instance: every plugin's routes, none forgotten. */
function authEndpoints(api: object): { endpoints: Endpoint[]; nestedKeys: string[] } {
  const endpoints: Endpoint[] = [];
  const nestedKeys: string[] = [];
  for (const endpoint of Object.values(api) as AuthEndpointLike[]) {
    const options = endpoint?.options;
    if (typeof endpoint?.path !== 'string' || !options || options.metadata?.SERVER_ONLY) continue;
    // Some bodies are open records in zod; their documented fields are in the OpenAPI metadata.
    const documented = options.metadata?.openapi?.requestBody?.content?.['application/json']?.schema?.properties;
    const bodyKeys = [...new Set([...schemaKeys(options.body), ...Object.keys(documented ?? {})])];
    nestedKeys.push(...nestedSchemaKeys(options.body), ...nestedSchemaKeys(options.query));
    for (const method of [options.method ?? 'GET'].flat()) {
      endpoints.push({
        method,
        path: `/api/auth${endpoint.path}`,
        bodyKeys,
        queryKeys: schemaKeys(options.query),
        choices: schemaChoices(options.body, options.query),
      });
    }
  }
  return { endpoints, nestedKeys };
}

/** Our own API (server/src/app.ts and server/src/routes); checked against the app's routes below. */
const V1_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/v1/health', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/health/ready', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/me', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/organizations', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/invitations', bodyKeys: [], queryKeys: [] },
  {
    method: 'POST',
    path: '/api/v1/files/upload',
    bodyKeys: schemaKeys(uploadFormSchema),
    queryKeys: [],
    multipart: true,
  },
  { method: 'GET', path: '/api/v1/files/:id', bodyKeys: [], queryKeys: [] },
  {
    method: 'GET',
    path: '/api/v1/admin/users',
    bodyKeys: [],
    queryKeys: schemaKeys(adminUserListQuerySchema),
    choices: { ...schemaChoices(adminUserListQuerySchema), limit: PAGE_SIZES.map(String) },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users',
    bodyKeys: schemaKeys(adminCreateUserSchema),
    queryKeys: [],
    choices: schemaChoices(adminCreateUserSchema),
  },
  { method: 'GET', path: '/api/v1/admin/organizations', bodyKeys: [], queryKeys: [] },
  { method: 'GET', path: '/api/v1/admin/outbox', bodyKeys: [], queryKeys: schemaKeys(outboxQuerySchema) },
  {
    method: 'POST',
    path: '/api/v1/admin/organizations',
    bodyKeys: schemaKeys(adminCreateOrganizationSchema),
    queryKeys: [],
  },
  // Mounted only with UNSAFE_DEV_MAILBOX=true, which the fuzzed app turns on to reach it.
  { method: 'GET', path: '/api/v1/dev/mailbox', bodyKeys: [], queryKeys: schemaKeys(outboxQuerySchema) },
  { method: 'DELETE', path: '/api/v1/dev/mailbox', bodyKeys: [], queryKeys: [] },
];

// ---------------------------------------------------------------------------------------------
// Database digest

type Row = Record<string, unknown>;

/** Per table: a hash of its rows, and the rows themselves (serialized) to say what changed. */
type Digest = Map<string, { hash: string; rows: string[] }>;

/**
 * The tables to compare. SQLite's FTS5 search index (a virtual table and its shadow tables) is left
 * out: it is derived from the `user` table by triggers, and `user` itself is compared.
 */
async function listTables(context: TestContext): Promise<string[]> {
  const { db } = context.database;
  if (context.database.engine === 'postgres') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows.map((row) => row.name).sort();
  }
  const { rows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master
    where type = 'table'`.execute(db);
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql ?? '')).map((row) => row.name);
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
    .sort();
}

/**
 * Columns that legitimately change on a refused request: an API key's usage accounting. A request
 * with a valid key counts against the key's rate limit (and records its last use) before the route
 * decides, so a 4xx after a good key still updates these. Nothing else may change.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  apikey: ['lastRequest', 'requestCount', 'remaining', 'lastRefillAt', 'updatedAt'],
};

function cell(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

async function digest(context: TestContext, tables: string[]): Promise<Digest> {
  const entries = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(context.database.db);
      const volatile = new Set(VOLATILE_COLUMNS[table] ?? []);
      const serialized = rows
        .map((row) =>
          JSON.stringify(
            Object.fromEntries(
              Object.entries(row)
                .filter(([column]) => !volatile.has(column))
                .map(([column, value]) => [column, cell(value)]),
            ),
          ),
        )
        // Sorted: row order is not data (PostgreSQL returns rows in physical order, which updates change).
        .sort();
      const hash = crypto.createHash('sha256').update(serialized.join('\n')).digest('hex');
      return [table, { hash, rows: serialized }] as const;
    }),
  );
  return new Map(entries);
}

interface TableChange {
  table: string;
  removed: Row[];
  added: Row[];
}

function changes(before: Digest, after: Digest): TableChange[] {
  const result: TableChange[] = [];
  for (const [table, now] of after) {
    const then = before.get(table);
    if (then?.hash === now.hash) continue;
    const old = new Set(then?.rows ?? []);
    const current = new Set(now.rows);
    result.push({
      table,
      removed: [...old].filter((row) => !current.has(row)).map((row) => JSON.parse(row) as Row),
      added: now.rows.filter((row) => !old.has(row)).map((row) => JSON.parse(row) as Row),
    });
  }
  return result;
}

/** Endpoints that, refusing a caller who is not a member, also clear the session's active organization. */
const CLEARS_ACTIVE_ORGANIZATION = new Set(
  ['set-active', 'get-organization', 'get-full-organization'].map((name) => `/api/auth/organization/${name}`),
);

/** Session tokens named by a request's cookies (`<token>.<signature>`). */
function sessionTokens(request: Request): string[] {
  return (request.headers.get('cookie') ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith('better-auth.session_token='))
    .map((pair) => decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0] ?? '');
}

/**
 * The one write Better Auth makes on purpose while refusing: an organization endpoint that finds the
 * caller is not a member also clears the caller's active organization (it fails closed). Only that
 * column, and the row's update time, of the caller's own session may change.
 */
function isExpectedRefusalWrite(path: string, status: number, request: Request, change: TableChange): boolean {
  if (!CLEARS_ACTIVE_ORGANIZATION.has(path) || status !== 403 || change.table !== 'session') return false;
  const tokens = sessionTokens(request);
  const cleared = new Set(['activeOrganizationId', 'updatedAt']);
  return (
    change.removed.length === change.added.length &&
    change.added.every((row) => {
      const old = change.removed.find((candidate) => candidate.id === row.id);
      return (
        old !== undefined &&
        tokens.includes(String(row.token)) &&
        row.activeOrganizationId === null &&
        Object.keys(row).every((column) => cleared.has(column) || row[column] === old[column])
      );
    })
  );
}

// ---------------------------------------------------------------------------------------------
// Principals and fixtures

const PRINCIPALS = ['visitor', 'user', 'guest', 'admin'] as const;
type PrincipalName = (typeof PRINCIPALS)[number];

interface Fixtures {
  /** Real ids, by what they identify (`all` holds every one). */
  ids: Record<'user' | 'organization' | 'team' | 'invitation' | 'apiKey' | 'file' | 'all', string[]>;
  emails: string[];
  apiKey: string;
  png: Uint8Array;
}

class Principals {
  private readonly cookies = new Map<PrincipalName, string>();
  private counter = 0;

  constructor(private readonly context: TestContext) {}

  cookie(name: PrincipalName): string | undefined {
    return this.cookies.get(name);
  }

  async signUp(label: string): Promise<{ client: TestClient; id: string; email: string }> {
    const client = new TestClient(this.context.app);
    this.counter += 1;
    const email = `${label}-${this.counter}@fuzz.example`;
    const response = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: `Fuzz ${label}` });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
    return { client, id: response.body.user.id as string, email };
  }

  /** Signs a principal in, as a new account (a guest is a new anonymous one); returns its user id. */
  async create(name: PrincipalName): Promise<string | undefined> {
    if (name === 'visitor') return undefined;
    if (name === 'guest') {
      const client = new TestClient(this.context.app);
      const response = await client.post('/api/auth/sign-in/anonymous');
      if (response.status !== 200) throw new Error(`guest sign-in failed: ${response.status} ${response.text}`);
      this.cookies.set(name, client.cookieHeader);
      return response.body.user.id as string;
    }
    const { client, id } = await this.signUp(name);
    if (name === 'admin') {
      await this.context.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', id).execute();
    }
    this.cookies.set(name, client.cookieHeader);
    return id;
  }

  /**
   * A fuzzed request that succeeds may sign a principal out, ban, demote or delete it (the fuzzer
   * knows real ids): such a principal is replaced, so later requests still reach past authentication.
   * Returns whether anything was replaced.
   */
  async repair(): Promise<boolean> {
    let repaired = false;
    for (const name of PRINCIPALS) {
      const cookie = this.cookies.get(name);
      if (!cookie) continue;
      const session = await this.context.auth.api.getSession({ headers: new Headers({ cookie }) });
      const user = session?.user as
        { role?: string | null; isAnonymous?: boolean | null; banned?: boolean | null } | undefined;
      const intact =
        user !== undefined &&
        !user.banned &&
        (name === 'guest'
          ? user.isAnonymous === true
          : !user.isAnonymous && (user.role ?? 'user') === (name === 'admin' ? 'admin' : 'user'));
      if (!intact) {
        await this.create(name);
        repaired = true;
      }
    }
    return repaired;
  }
}

/** Real rows for the fuzzer to aim at: ids, addresses, an API key, a file. */
async function createFixtures(context: TestContext, principals: Principals): Promise<Fixtures> {
  const userIds: string[] = [];
  for (const name of PRINCIPALS) {
    const id = await principals.create(name);
    if (id) userIds.push(id);
  }
  const victim = await principals.signUp('victim');
  userIds.push(victim.id);
  const owner = new TestClient(context.app);
  const ownerCookie = principals.cookie('user')!;
  const as = (path: string, json: unknown) =>
    owner.request('POST', path, { json, headers: { cookie: ownerCookie } }).then((response) => {
      if (response.status >= 300) throw new Error(`fixture ${path} failed: ${response.status} ${response.text}`);
      return response.body as Record<string, unknown>;
    });
  const organization = await as('/api/auth/organization/create', { name: 'Fuzz Org', slug: 'fuzz-org' });
  const team = await as('/api/auth/organization/create-team', {
    name: 'Fuzz Team',
    organizationId: organization.id,
  });
  const invitation = await as('/api/auth/organization/invite-member', {
    email: victim.email,
    role: 'member',
    organizationId: organization.id,
  });
  const apiKey = await as('/api/auth/api-key/create', { name: 'fuzz key' });
  const png = new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer(),
  );
  const form = new FormData();
  form.set('file', new File([png], 'a.png', { type: 'image/png' }));
  const upload = await owner.request('POST', '/api/v1/files/upload', { body: form, headers: { cookie: ownerCookie } });
  if (upload.status !== 201) throw new Error(`fixture upload failed: ${upload.status} ${upload.text}`);
  const named = {
    user: userIds,
    organization: [String(organization.id)],
    team: [String(team.id)],
    invitation: [String(invitation.id)],
    apiKey: [String(apiKey.id)],
    file: [String(upload.body.id)],
  };
  return {
    ids: { ...named, all: Object.values(named).flat() },
    emails: [victim.email, 'someone-new@fuzz.example'],
    apiKey: String(apiKey.key),
    png,
  };
}

// ---------------------------------------------------------------------------------------------
// Generated requests

type BodySpec =
  | { kind: 'none' }
  | { kind: 'text'; contentType: string | null; text: string }
  | { kind: 'bytes'; contentType: string | null; bytes: Uint8Array }
  | { kind: 'multipart'; fields: Array<[string, string | FileSpec]> };

interface FileSpec {
  file: 'png' | 'bytes' | 'text' | 'empty';
  bytes: Uint8Array;
  name: string;
  type: string;
}

interface RequestSpec {
  principal: PrincipalName;
  method: string;
  params: string[];
  query: string;
  headers: Array<[string, string]>;
  body: BodySpec;
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const USER_COLUMNS = ['id', 'name', 'email', 'emailVerified', 'image', 'role', 'banned', 'banReason'];
const MORE_USER_COLUMNS = ['banExpires', 'isAnonymous', 'createdAt', 'updatedAt'];

/** Fields that hold a count, a size or a duration. */
const isNumeric = (name: string) => /expires|limit|offset|count|amount|max|window|interval|size/i.test(name);
/** Fields that hold a flag or a time. */
const BOOLEAN_FIELDS = ['emailVerified', 'banned', 'isAnonymous', 'enabled', 'rememberMe', 'disableRedirect'];
const DATE_FIELDS = ['createdAt', 'updatedAt', 'banExpires', 'expiresAt'];

/** Strings: mostly plausible ones (to get past validation), then hostile and random ones. */
function stringArbitraries(fixtures: Fixtures, choices: Record<string, string[]> = {}) {
  // NUL half the time: it is the one PostgreSQL refuses in text.
  const c0 = fc.oneof(
    fc.constant('\u0000'),
    fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  );
  const withControl = fc
    .array(fc.oneof(c0, fc.constantFrom('a', 'é', ' ', '\u007f', '\u0085')), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join(''));
  const huge = fc
    .tuple(fc.constantFrom('a', 'é', '\u0000', '💥', ' ', '%'), fc.integer({ min: 1_000, max: 200_000 }))
    .map(([char, count]) => char.repeat(count));
  const loneSurrogate = fc.constantFrom('\ud800', 'a\udfffb', '\udbff\ud800');
  const ids = fc.constantFrom(...fixtures.ids.all);
  const emails = fc.constantFrom(...fixtures.emails, 'UPPER@FUZZ.EXAMPLE');
  const plausible = fc.constantFrom(
    '',
    'not-an-email',
    'a@b',
    ' x@fuzz.example ',
    'superuser',
    'admin,owner',
    'x'.repeat(101),
    ' ',
    '0',
    '-1',
    '1.5',
    '1e999',
    '99999999999999999999',
    'nope',
    'true',
    'null',
    'undefined',
    'admin',
    'user',
    'owner',
    'member',
    PASSWORD,
    'https://example.com/avatar.png',
    `${TEST_ORIGIN}/api/v1/files/x`,
    'javascript:alert(1)',
    '//evil.example',
    '2030-01-01T00:00:00.000Z',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '"',
    '*',
    '{email} : "x"',
    'NEAR(a b)',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    ...POLLUTION_KEYS,
  );
  const any = fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 3, arbitrary: ids },
    { weight: 2, arbitrary: emails },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 4, arbitrary: withControl },
    { weight: 1, arbitrary: loneSurrogate },
    { weight: 1, arbitrary: huge },
  );
  /** Real ids of the kind the field's name asks for. */
  const idsFor = (key: string) => {
    const kind = (['user', 'organization', 'team', 'invitation', 'file'] as const).find(
      (name) => key.toLowerCase() === `${name}id`,
    );
    return fc.constantFrom(...(kind ? fixtures.ids[kind] : key === 'keyId' ? fixtures.ids.apiKey : fixtures.ids.all));
  };
  /** A valid string for the field, judged by its name, so that the request gets further. */
  const fitting = (key: string): fc.Arbitrary<string> =>
    choices[key]?.length
      ? fc.constantFrom(...choices[key])
      : /id$/i.test(key)
        ? idsFor(key)
        : /email/i.test(key)
          ? emails
          : /password/i.test(key)
            ? fc.constantFrom(PASSWORD, 'other-password-9', 'short')
            : /role/i.test(key)
              ? fc.constantFrom('admin', 'user', 'owner', 'member')
              : /name|slug/i.test(key)
                ? fc.constantFrom('Fuzz Name', 'fuzz-slug')
                : /url|image|callback/i.test(key)
                  ? fc.constantFrom('https://example.com/a.png', `${TEST_ORIGIN}/dashboard`, '/dashboard')
                  : isNumeric(key)
                    ? fc.constantFrom('10', '20', '100')
                    : /sort|filter|field/i.test(key)
                      ? fc.constantFrom('createdAt', 'name', 'role', 'email', 'asc', 'desc', 'eq')
                      : plausible;
  /** A fitting value with a control character slipped in: valid-looking up to the database. */
  const tainted = (key: string) =>
    fc
      .tuple(fitting(key), c0, fc.nat())
      .map(
        ([value, char, at]) => value.slice(0, at % (value.length + 1)) + char + value.slice(at % (value.length + 1)),
      );
  const forKey = (key: string) => fc.oneof({ weight: 3, arbitrary: fitting(key) }, { weight: 2, arbitrary: any });
  /** Strings to break a field with. */
  const hostile = (key: string) =>
    fc.oneof(
      { weight: 3, arbitrary: any },
      { weight: 3, arbitrary: tainted(key) },
      { weight: 1, arbitrary: withControl },
      {
        weight: isNumeric(key) ? 4 : 0,
        arbitrary: fc.constantFrom('-1', '1.5', '1e400', '99999999999999999999', '0x10', 'NaN', 'ten'),
      },
    );
  return { any, fitting, forKey, hostile };
}

/** JSON text, built as text so that `__proto__` keys, duplicate keys and odd numbers survive. */
function jsonArbitraries(strings: ReturnType<typeof stringArbitraries>, keys: string[]) {
  const numberText = fc.oneof(
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '1e400',
      '-1e400',
      '1e308',
      '1e-400',
      '9007199254740993',
      '123456789012345678901234567890',
      '-0',
      '-1',
      '0.5',
    ),
  );
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
    { weight: 1, arbitrary: strings.any },
  );
  const tree = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 5, arbitrary: strings.any.map((value) => JSON.stringify(value)) },
      { weight: 2, arbitrary: numberText },
      { weight: 2, arbitrary: fc.constantFrom('true', 'false', 'null') },
      { weight: 1, arbitrary: tie('array') },
      { weight: 2, arbitrary: tie('object') },
    ),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(key, tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`),
  }));
  return { ...tree, number: numberText };
}

function requestArbitrary(endpoint: Endpoint, fixtures: Fixtures, nestedKeys: string[]): fc.Arbitrary<RequestSpec> {
  const strings = stringArbitraries(fixtures, endpoint.choices);
  const ownKeys = endpoint.bodyKeys.length > 0 ? endpoint.bodyKeys : ['name', 'id', 'userId', 'data'];
  const allKeys = [...new Set([...ownKeys, ...nestedKeys, ...USER_COLUMNS, ...MORE_USER_COLUMNS])];
  const json = jsonArbitraries(strings, allKeys);

  const objectText = (entries: ReadonlyArray<readonly [string, string]>) =>
    `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`;
  /** Open records (an admin's user `data`, an organization's `data` or `metadata`), and their fields. */
  const isRecord = (name: string, nested: boolean) => !nested && /^(data|metadata)$/.test(name);
  // Not `id`: every update refuses it first.
  const RECORD_FIELDS = [...USER_COLUMNS, ...MORE_USER_COLUMNS, 'slug', 'logo', 'metadata'].filter(
    (name) => name !== 'id',
  );

  /** A value that fits the field, as JSON text. */
  const fit = (name: string, nested: boolean): fc.Arbitrary<string> =>
    isRecord(name, nested)
      ? mutated(RECORD_FIELDS, 0, true, false)
      : BOOLEAN_FIELDS.includes(name)
        ? fc.constantFrom('true', 'false')
        : DATE_FIELDS.includes(name)
          ? fc.constant(JSON.stringify('2030-01-01T00:00:00.000Z'))
          : isNumeric(name)
            ? fc.constantFrom('60', '3600', '10')
            : strings.fitting(name).map((value) => JSON.stringify(value));
  /** A value meant to break the field, as JSON text: wrong types, odd numbers, hostile strings. */
  const breaking = (name: string, nested: boolean): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 3, arbitrary: strings.hostile(name).map((value) => JSON.stringify(value)) },
      { weight: 3, arbitrary: json.value },
      { weight: 1, arbitrary: json.object },
      { weight: isNumeric(name) ? 3 : 1, arbitrary: json.number },
      { weight: isRecord(name, nested) ? 8 : 0, arbitrary: mutated(RECORD_FIELDS, 1, true, true) },
    );
  /**
   * Fields that fit, but one that is broken (when `breakOne`): such a request gets past the first
   * checks and into the handler, where a wrong type or a bad character does its damage.
   */
  function mutated(keys: string[], minLength: number, nested: boolean, breakOne: boolean): fc.Arbitrary<string> {
    // A body's own fields are sent four times in five, so the required ones are mostly all there; a
    // nested record's fields one time in five, so that one broken field is not hidden by another.
    const chance = nested ? 1 : 4;
    const someOf = fc
      .tuple(...keys.map(() => fc.integer({ min: 0, max: 4 })))
      .map((draws) => keys.filter((_, index) => draws[index]! < chance))
      .filter((fields) => fields.length >= minLength);
    return fc
      .tuple(someOf, fc.nat())
      .chain(([fields, pick]) =>
        fc.tuple(
          ...fields.map((name, index) =>
            (breakOne && index === pick % fields.length ? breaking(name, nested) : fit(name, nested)).map(
              (value) => [name, value] as const,
            ),
          ),
        ),
      )
      .map(objectText);
  }
  const mutatedObject = mutated(ownKeys, 1, false, true);
  // A value for a known field: fitting, wrong-typed, or nested with more field names.
  const fieldValue = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: strings.forKey(name).map((value) => JSON.stringify(value)) },
      { weight: 3, arbitrary: json.value },
      { weight: 1, arbitrary: json.object },
    );
  const shapedObject = fc
    .tuple(
      fc.subarray(ownKeys, { minLength: 1 }),
      fc.oneof(
        { weight: 2, arbitrary: fc.constant([]) },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(fc.constantFrom(...POLLUTION_KEYS, ...allKeys), json.value), { maxLength: 2 }),
        },
      ),
    )
    .chain(([fields, extra]) =>
      fc
        .tuple(...fields.map((name) => fieldValue(name).map((value) => [name, value] as const)))
        .map((entries) => objectText([...entries, ...extra])),
    );
  const invalidJson = fc.oneof(
    fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', '[1,2', 'nul', '{"a":1}garbage', '\u0000', '{"a":"\\x00"}'),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  );
  const deepJson = fc
    .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 1_000, max: 200_000 }))
    .map(([open, depth]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=fuzz',
    'application/octet-stream',
    'image/png',
    'text/html',
  );
  const formEncoded = fc
    .array(fc.tuple(fc.constantFrom(...ownKeys, ...POLLUTION_KEYS), strings.any), { maxLength: 5 })
    .map((entries) => new URLSearchParams(entries).toString());

  const fileSpec: fc.Arbitrary<FileSpec> = fc.record({
    file: fc.constantFrom('png', 'png', 'bytes', 'text', 'empty'),
    bytes: fc.uint8Array({ maxLength: 64 }),
    name: fc.oneof(fc.constantFrom('a.png', 'a.svg', '../../x.png', ''), strings.any),
    type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
  });
  const multipart = fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant('file'), fc.oneof(fileSpec, strings.any)),
        fc.tuple(fc.constantFrom('category', 'isPublic', 'description'), strings.forKey('description')),
        fc.tuple(fc.constantFrom(...POLLUTION_KEYS), strings.any),
      ),
      { maxLength: 5 },
    )
    .map((fields): BodySpec => ({ kind: 'multipart', fields }));

  const jsonBody = (text: fc.Arbitrary<string>): fc.Arbitrary<BodySpec> =>
    text.map((value) => ({ kind: 'text', contentType: 'application/json', text: value }));
  const body: fc.Arbitrary<BodySpec> = fc.oneof(
    { weight: endpoint.multipart ? 12 : 0, arbitrary: multipart },
    { weight: 16, arbitrary: jsonBody(mutatedObject) },
    { weight: 5, arbitrary: jsonBody(shapedObject) },
    { weight: 2, arbitrary: jsonBody(json.value) },
    { weight: 2, arbitrary: jsonBody(invalidJson) },
    { weight: 1, arbitrary: jsonBody(deepJson) },
    {
      weight: 2,
      arbitrary: formEncoded.map((text): BodySpec => ({
        kind: 'text',
        contentType: 'application/x-www-form-urlencoded',
        text,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.option(contentType), fc.uint8Array({ maxLength: 200 }))
        .map(([type, bytes]): BodySpec => ({ kind: 'bytes', contentType: type, bytes })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(contentType, shapedObject)
        .map(([type, text]): BodySpec => ({ kind: 'text', contentType: type, text })),
    },
    {
      // Over the API's body limit.
      weight: 1,
      arbitrary: fc
        .integer({ min: 1024 * 1024 + 1, max: 1024 * 1024 + 4096 })
        .map((size): BodySpec => ({ kind: 'text', contentType: 'application/json', text: `"${'a'.repeat(size)}"` })),
    },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
  );

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

function toRequest(endpoint: Endpoint, spec: RequestSpec, cookie: string | undefined, png: Uint8Array): Request {
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

const STACK_FRAME = /\n\s+at\s|\bat\s+\S+\s+\(?[^()\s]*:\d+:\d+\)?/;

function leak(text: string): string | undefined {
  if (STACK_FRAME.test(text)) return 'a stack frame';
  if (text.includes(ROOT)) return `the server path ${ROOT}`;
  if (text.includes('node_modules')) return 'node_modules';
  if (text.includes('file://')) return 'a file:// URL';
  return undefined;
}

/** Percent-encoding that survives lone surrogates (sent as U+FFFD, as a browser would). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(Buffer.from(value).toString());
  }
}

const shorten = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

// ---------------------------------------------------------------------------------------------

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
