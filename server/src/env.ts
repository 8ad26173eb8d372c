import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ANONYMOUS_RETENTION_HOURS } from '#common/session-fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/validation';
import {
  days,
  emailSignInModes,
  flag,
  issuerUrl,
  list,
  listOf,
  optional,
  origin,
  port,
  providerName,
  seconds,
  urlWithProtocols,
} from './env-values';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
    this.name = 'ConfigError';
  }
}

interface Variable<S extends z.ZodType> {
  /** The environment variable. */
  name: string;
  /** Reads the trimmed value (undefined when unset or blank) into the configuration's. */
  schema: S;
  /** Used when the variable is unset or blank. */
  fallback?: string;
  /** The default as the README states it, when it is not `fallback` itself. */
  documentedDefault?: string;
  /** Never echoed back in an error message. */
  secret?: boolean;
  /** Leading and trailing spaces belong to the value (a password). */
  untrimmed?: boolean;
}
const variable = <S extends z.ZodType>(
  name: string,
  schema: S,
  options: Omit<Variable<S>, 'name' | 'schema'> = {},
) => ({
  name,
  schema,
  ...options,
});

/**
 * Every environment variable the server reads, once: its name, how it is read, its default. The
 * README's table lists each one with that default (a test compares them).
 */
const VARIABLES = {
  nodeEnv: variable(
    'NODE_ENV',
    z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }),
    { fallback: 'development' },
  ),
  port: variable('PORT', port, { fallback: '3000' }),
  dataDir: variable(
    'DATA_DIR',
    z
      .string()
      .min(1)
      .transform((dir) => path.resolve(dir)),
    { fallback: './data' },
  ),
  /** Origin the product is reached at; used for links in mail and as the WebAuthn relying party. */
  publicUrl: variable('PUBLIC_URL', origin.optional(), { documentedDefault: '`http://localhost:$PORT`' }),
  databaseUrl: variable(
    'DATABASE_URL',
    urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:password@localhost:5432/gatehouse').optional(),
    { secret: true },
  ),
  redisUrl: variable('REDIS_URL', urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(), {
    secret: true,
  }),
  /** Absent outside production: a generated one is kept under `dataDir`. */
  authSecret: variable('BETTER_AUTH_SECRET', z.string().optional(), {
    secret: true,
    documentedDefault: 'generated into `DATA_DIR/auth-secret`',
  }),
  adminEmail: variable(
    'ADMIN_EMAIL',
    z
      .email('must be an email address')
      .transform((email) => email.toLowerCase())
      .optional(),
  ),
  adminPassword: variable(
    'ADMIN_PASSWORD',
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
    { secret: true, untrimmed: true },
  ),
  smtpUrl: variable(
    'SMTP_URL',
    urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587').optional(),
    { secret: true },
  ),
  mailFrom: variable('MAIL_FROM', z.string().min(3), { fallback: 'Gatehouse <no-reply@localhost>' }),
  /** Extra origins (for example an SPA served from another host) allowed to call the API with cookies. */
  trustedOrigins: variable(
    'TRUSTED_ORIGINS',
    listOf(origin).transform((origins) => [...new Set(origins)]),
  ),
  /** Reverse proxies (IPs or CIDR ranges) whose X-Forwarded-For is believed. */
  trustedProxies: variable(
    'TRUSTED_PROXIES',
    listOf(z.string().regex(/^[0-9a-fA-F.:]+(\/\d{1,3})?$/, 'must be IP addresses or CIDR ranges, comma-separated')),
  ),
  /** Take visitor location from the proxy's headers (Cloudflare's names). */
  trustProxyGeoHeaders: variable('TRUST_PROXY_GEO_HEADERS', flag, { fallback: 'false' }),
  /** MaxMind-format databases for visitor location; 'default' is the bundled DB-IP City Lite. */
  geoipDatabases: variable(
    'GEOIP_DATABASE',
    z
      .string()
      .refine((value) => ['default', 'off'].includes(value) || list(value).every((file) => fs.existsSync(file)), {
        message: 'must be default, off, or paths of existing .mmdb files, comma-separated',
      })
      .transform((value): string[] | 'default' | 'off' =>
        value === 'default' || value === 'off' ? value : list(value).map((file) => path.resolve(file)),
      ),
    { fallback: 'default' },
  ),
  /** Unsafe, development only: serve outgoing mail to anyone at /dev/mailbox. */
  unsafeDevMailbox: variable('UNSAFE_DEV_MAILBOX', flag, { fallback: 'false' }),
  /** Unsafe: turn the rate limits off (some tests need it). */
  unsafeDisableRateLimit: variable('UNSAFE_DISABLE_RATE_LIMIT', flag, { fallback: 'false' }),
  /** Guest (anonymous) accounts older than this are deleted with their data (the spec says 6 hours). */
  guestMaxAgeSeconds: variable('GUEST_MAX_AGE_SECONDS', seconds(60), {
    fallback: String(ANONYMOUS_RETENTION_HOURS * 3600),
  }),
  /** How often each instance looks for such guests; 0 never. */
  guestSweepIntervalSeconds: variable('GUEST_SWEEP_INTERVAL_SECONDS', seconds(0), { fallback: '600' }),
  /** An admin's impersonation of a user ends by itself this long after it starts. */
  impersonationMaxSeconds: variable('IMPERSONATION_MAX_SECONDS', seconds(60), { fallback: '3600' }),
  /** Audit events older than this are deleted; 0 keeps them for ever. */
  auditRetentionDays: variable('AUDIT_RETENTION_DAYS', days(0), { fallback: '365' }),
  /** Prometheus metrics on their own port (never the public one), when set. */
  metricsPort: variable('METRICS_PORT', port.optional()),
  metricsHost: variable('METRICS_HOST', z.string().min(1), { fallback: '127.0.0.1' }),
  /** Sign-in with Google, GitHub and Microsoft: each is offered once both its id and secret are set. */
  googleClientId: variable('GOOGLE_CLIENT_ID', z.string().optional()),
  googleClientSecret: variable('GOOGLE_CLIENT_SECRET', z.string().optional(), { secret: true }),
  githubClientId: variable('GITHUB_CLIENT_ID', z.string().optional()),
  githubClientSecret: variable('GITHUB_CLIENT_SECRET', z.string().optional(), { secret: true }),
  microsoftClientId: variable('MICROSOFT_CLIENT_ID', z.string().optional()),
  microsoftClientSecret: variable('MICROSOFT_CLIENT_SECRET', z.string().optional(), { secret: true }),
  /** The Entra ID tenant people come from: an id, a domain, or common, organizations or consumers. */
  microsoftTenantId: variable(
    'MICROSOFT_TENANT_ID',
    z.string().regex(/^[A-Za-z0-9.-]+$/, 'must be a tenant id, a domain, or common, organizations or consumers'),
    { fallback: 'common' },
  ),
  /** Names of OpenID Connect issuers, each configured by `OIDC_<NAME>_*` variables. */
  oidcProviders: variable('OIDC_PROVIDERS', listOf(providerName)),
  /** Sign-in by a mailed link, a mailed code, both, or neither. */
  emailSignIn: variable('EMAIL_SIGN_IN', emailSignInModes, { fallback: 'off' }),
  logLevel: variable(
    'LOG_LEVEL',
    z.enum(['debug', 'info', 'warn', 'error', 'silent'], { message: 'must be debug, info, warn, error or silent' }),
    { fallback: 'info' },
  ),
};

type Variables = typeof VARIABLES;
const schema = z.object(
  Object.fromEntries(Object.entries(VARIABLES).map(([key, { schema }]) => [key, schema])) as {
    [K in keyof Variables]: Variables[K]['schema'];
  },
);

type Values = z.output<typeof schema>;

/** A provider people may sign in with, as Better Auth's social providers or `genericOAuth` take it. */
export type IdentityProvider =
  | { kind: 'google' | 'github'; id: 'google' | 'github'; label: string; clientId: string; clientSecret: string }
  | { kind: 'microsoft'; id: 'microsoft'; label: string; clientId: string; clientSecret: string; tenantId: string }
  | { kind: 'oidc'; id: string; label: string; clientId: string; clientSecret: string; issuer: string };

/** Every key present (an unset optional variable is `undefined`), the public URL resolved. */
export type Config = { [K in keyof Required<Values>]: K extends 'publicUrl' ? string : Values[K] } & {
  /** The configured providers, in the order their buttons show: Google, GitHub, Microsoft, then OIDC_PROVIDERS. */
  identityProviders: IdentityProvider[];
};

/** The variables of one `OIDC_PROVIDERS` name: `OIDC_<NAME>_ISSUER` and the others. */
export const oidcVariable = (name: string, suffix: 'ISSUER' | 'CLIENT_ID' | 'CLIENT_SECRET' | 'LABEL') =>
  `OIDC_${name.toUpperCase().replaceAll('-', '_')}_${suffix}`;

/** Every environment variable the server reads, with its default as documented ('–' for none). */
export const CONFIG_VARIABLES: { name: string; documentedDefault: string }[] = [
  ...Object.values(VARIABLES).map((declared: Variable<z.ZodType>) => ({
    name: declared.name,
    documentedDefault:
      declared.documentedDefault ?? (declared.fallback === undefined ? '–' : `\`${declared.fallback}\``),
  })),
  ...(['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'] as const).map((suffix) => ({
    name: oidcVariable('<name>', suffix),
    documentedDefault: '–',
  })),
  { name: oidcVariable('<name>', 'LABEL'), documentedDefault: 'the name, capitalised' },
];

const BUILT_IN_LABELS = { google: 'Google', github: 'GitHub', microsoft: 'Microsoft' } as const;

/** The providers the variables configure, and a problem for each half-configured one. */
function identityProvidersOf(values: Values, env: NodeJS.ProcessEnv, problems: string[]): IdentityProvider[] {
  const providers: IdentityProvider[] = [];
  const builtIns = [
    ['google', 'GOOGLE', values.googleClientId, values.googleClientSecret],
    ['github', 'GITHUB', values.githubClientId, values.githubClientSecret],
    ['microsoft', 'MICROSOFT', values.microsoftClientId, values.microsoftClientSecret],
  ] as const;
  for (const [id, prefix, clientId, clientSecret] of builtIns) {
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
      continue;
    }
    const label = BUILT_IN_LABELS[id];
    providers.push(
      id === 'microsoft'
        ? { kind: id, id, label, clientId, clientSecret, tenantId: values.microsoftTenantId }
        : { kind: id, id, label, clientId, clientSecret },
    );
  }
  const names = values.oidcProviders;
  for (const name of new Set(names)) {
    if (names.indexOf(name) !== names.lastIndexOf(name)) problems.push(`OIDC_PROVIDERS names ${name} twice`);
    const read = (suffix: Parameters<typeof oidcVariable>[1]) => optional(env[oidcVariable(name, suffix)]);
    const issuer = issuerUrl.safeParse(read('ISSUER') ?? '');
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    if (!read('ISSUER')) problems.push(`${oidcVariable(name, 'ISSUER')} is required (OIDC_PROVIDERS names ${name})`);
    else if (!issuer.success) {
      problems.push(
        `${oidcVariable(name, 'ISSUER')} ${issuer.error.issues[0]!.message} (got ${JSON.stringify(read('ISSUER'))})`,
      );
    }
    if (!clientId) problems.push(`${oidcVariable(name, 'CLIENT_ID')} is required (OIDC_PROVIDERS names ${name})`);
    if (!clientSecret)
      problems.push(`${oidcVariable(name, 'CLIENT_SECRET')} is required (OIDC_PROVIDERS names ${name})`);
    if (!issuer.success || !clientId || !clientSecret) continue;
    const label = read('LABEL') ?? name.charAt(0).toUpperCase() + name.slice(1);
    providers.push({ kind: 'oidc', id: name, label, clientId, clientSecret, issuer: issuer.data });
  }
  return providers;
}

/** Origins whose pages may call the API with cookies: the console's own, and any configured. */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'trustedOrigins'>): string[] {
  return [...new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins])];
}

/** A secret is strong enough when it is long and not one character repeated. */
function isStrongSecret(secret: string): boolean {
  return secret.length >= 32 && new Set(secret).size >= 10;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(VARIABLES).map(([key, declared]: [string, Variable<z.ZodType>]) => {
      const value = env[declared.name];
      const given = declared.untrimmed ? (value === '' ? undefined : value) : optional(value);
      return [key, given ?? declared.fallback];
    }),
  );

  const parsed = schema.safeParse(raw);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof Variables;
      const declared: Variable<z.ZodType> = VARIABLES[key];
      const value = raw[key];
      const shown = declared.secret || typeof value !== 'string' ? '' : ` (got ${JSON.stringify(value)})`;
      problems.push(`${declared.name} ${issue.message}${shown}`);
    }
    throw new ConfigError(problems);
  }

  const values = parsed.data;
  if (values.adminEmail && !values.adminPassword) problems.push('ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
  if (values.adminPassword && !values.adminEmail) problems.push('ADMIN_EMAIL is required when ADMIN_PASSWORD is set');
  if (values.authSecret && !isStrongSecret(values.authSecret)) {
    problems.push('BETTER_AUTH_SECRET must be at least 32 varied characters (generate one with: openssl rand -hex 32)');
  }
  if (values.nodeEnv === 'production' && !values.authSecret) {
    problems.push('BETTER_AUTH_SECRET is required in production (generate one with: openssl rand -hex 32)');
  } else if (values.databaseUrl && !values.authSecret) {
    // A secret generated under DATA_DIR belongs to one instance; instances sharing a database must
    // share the secret, or each would refuse the others' cookies.
    problems.push(
      'BETTER_AUTH_SECRET is required with DATABASE_URL, the same on every instance (generate one with: openssl rand -hex 32)',
    );
  }
  if (values.nodeEnv === 'production') {
    if (!values.publicUrl) problems.push('PUBLIC_URL is required in production (the URL people open the console at)');
    if (values.unsafeDevMailbox) {
      problems.push('UNSAFE_DEV_MAILBOX must not be true in production: it lets anyone read every mail');
    }
  }
  if (values.metricsPort !== undefined && values.metricsPort === values.port) {
    problems.push('METRICS_PORT must differ from PORT: metrics are not for the public');
  }
  const identityProviders = identityProvidersOf(values, env, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  // Every key was given (unset ones as undefined), so every key is there.
  return { ...values, identityProviders, publicUrl: values.publicUrl ?? `http://localhost:${values.port}` } as Config;
}
