import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ANONYMOUS_RETENTION_HOURS } from '#common/session-fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/validation';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  /** Origin the product is reached at; used for links in mail and as the WebAuthn relying party. */
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Absent outside production: a generated one is kept under `dataDir`. */
  authSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Extra origins (for example an SPA served from another host) allowed to call the API with cookies. */
  trustedOrigins: string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Reverse proxies (IPs or CIDR ranges) whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** Take visitor location from the proxy's headers (Cloudflare's names). */
  trustProxyGeoHeaders: boolean;
  /** MaxMind-format databases for visitor location; 'default' is the bundled DB-IP City Lite. */
  geoipDatabases: string[] | 'default' | 'off';
  /** Unsafe, development only: serve outgoing mail to anyone at /dev/mailbox. */
  unsafeDevMailbox: boolean;
  /** Unsafe: turn the rate limits off (some tests need it). */
  unsafeDisableRateLimit: boolean;
  /** Guest (anonymous) accounts older than this are deleted with their data. */
  guestMaxAgeSeconds: number;
  /** How often each instance looks for such guests; 0 never. */
  guestSweepIntervalSeconds: number;
  /** Prometheus metrics on their own port (never the public one), when set. */
  metricsPort: number | undefined;
  metricsHost: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Values of these are never echoed back in an error message. */
const SECRET_VARIABLES = new Set(['BETTER_AUTH_SECRET', 'ADMIN_PASSWORD', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL']);

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function urlWithProtocols(protocols: string[], example: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (for example ${example})` },
  );
}

const port = z.coerce
  .number({ message: 'must be an integer from 1 to 65535' })
  .int('must be an integer from 1 to 65535')
  .min(1, 'must be an integer from 1 to 65535')
  .max(65535, 'must be an integer from 1 to 65535');

/** A whole number of seconds, at least `min`. */
const seconds = (min: number) =>
  z.coerce
    .number({ message: `must be a whole number of seconds, at least ${min}` })
    .int(`must be a whole number of seconds, at least ${min}`)
    .min(min, `must be a whole number of seconds, at least ${min}`);

const origin = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL such as https://console.example.com' });
    return z.NEVER;
  }
});

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }),
  PORT: port,
  DATA_DIR: z.string().min(1),
  PUBLIC_URL: origin.optional(),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@localhost:5432/gatehouse',
  ).optional(),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  BETTER_AUTH_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587').optional(),
  MAIL_FROM: z.string().min(3),
  TRUSTED_ORIGINS: z.array(origin),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], {
    message: 'must be debug, info, warn, error or silent',
  }),
  TRUSTED_PROXIES: z.array(
    z.string().regex(/^[0-9a-fA-F.:]+(\/\d{1,3})?$/, 'must be IP addresses or CIDR ranges, comma-separated'),
  ),
  TRUST_PROXY_GEO_HEADERS: z.enum(['true', 'false'], { message: 'must be true or false' }),
  GEOIP_DATABASE: z
    .string()
    .refine(
      (value) => ['default', 'off'].includes(value) || value.split(',').every((file) => fs.existsSync(file.trim())),
      { message: 'must be default, off, or paths of existing .mmdb files, comma-separated' },
    ),
  UNSAFE_DEV_MAILBOX: z.enum(['true', 'false'], { message: 'must be true or false' }),
  UNSAFE_DISABLE_RATE_LIMIT: z.enum(['true', 'false'], { message: 'must be true or false' }),
  GUEST_MAX_AGE_SECONDS: seconds(60),
  GUEST_SWEEP_INTERVAL_SECONDS: seconds(0),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1),
});

/** Every environment variable the server reads (the README's table lists each one). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

/** Origins whose pages may call the API with cookies: the console's own, and any configured. */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'trustedOrigins'>): string[] {
  return [...new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins])];
}

/** A secret is strong enough when it is long and not one character repeated. */
function isStrongSecret(secret: string): boolean {
  return secret.length >= 32 && new Set(secret).size >= 10;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = {
    NODE_ENV: optional(env.NODE_ENV) ?? 'development',
    PORT: optional(env.PORT) ?? '3000',
    DATA_DIR: optional(env.DATA_DIR) ?? './data',
    PUBLIC_URL: optional(env.PUBLIC_URL),
    DATABASE_URL: optional(env.DATABASE_URL),
    REDIS_URL: optional(env.REDIS_URL),
    BETTER_AUTH_SECRET: optional(env.BETTER_AUTH_SECRET),
    ADMIN_EMAIL: optional(env.ADMIN_EMAIL),
    ADMIN_PASSWORD: env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD,
    SMTP_URL: optional(env.SMTP_URL),
    MAIL_FROM: optional(env.MAIL_FROM) ?? 'Gatehouse <no-reply@localhost>',
    TRUSTED_ORIGINS: list(env.TRUSTED_ORIGINS),
    LOG_LEVEL: optional(env.LOG_LEVEL) ?? 'info',
    TRUSTED_PROXIES: list(env.TRUSTED_PROXIES),
    TRUST_PROXY_GEO_HEADERS: optional(env.TRUST_PROXY_GEO_HEADERS)?.toLowerCase() ?? 'false',
    GEOIP_DATABASE: optional(env.GEOIP_DATABASE) ?? 'default',
    UNSAFE_DEV_MAILBOX: optional(env.UNSAFE_DEV_MAILBOX)?.toLowerCase() ?? 'false',
    UNSAFE_DISABLE_RATE_LIMIT: optional(env.UNSAFE_DISABLE_RATE_LIMIT)?.toLowerCase() ?? 'false',
    // The spec tells guests their data may be deleted after 6 hours.
    GUEST_MAX_AGE_SECONDS: optional(env.GUEST_MAX_AGE_SECONDS) ?? String(ANONYMOUS_RETENTION_HOURS * 3600),
    GUEST_SWEEP_INTERVAL_SECONDS: optional(env.GUEST_SWEEP_INTERVAL_SECONDS) ?? '600',
    METRICS_PORT: optional(env.METRICS_PORT),
    METRICS_HOST: optional(env.METRICS_HOST) ?? '127.0.0.1',
  };

  const parsed = schema.safeParse(raw);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0]);
      const value = (raw as Record<string, unknown>)[variable];
      const shown =
        SECRET_VARIABLES.has(variable) || typeof value !== 'string' ? '' : ` (got ${JSON.stringify(value)})`;
      problems.push(`${variable} ${issue.message}${shown}`);
    }
    throw new ConfigError(problems);
  }

  const values = parsed.data;
  if (values.ADMIN_EMAIL && !values.ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
  if (values.ADMIN_PASSWORD && !values.ADMIN_EMAIL) problems.push('ADMIN_EMAIL is required when ADMIN_PASSWORD is set');
  if (values.BETTER_AUTH_SECRET && !isStrongSecret(values.BETTER_AUTH_SECRET)) {
    problems.push('BETTER_AUTH_SECRET must be at least 32 varied characters (generate one with: openssl rand -hex 32)');
  }
  if (values.NODE_ENV === 'production' && !values.BETTER_AUTH_SECRET) {
    problems.push('BETTER_AUTH_SECRET is required in production (generate one with: openssl rand -hex 32)');
  } else if (values.DATABASE_URL && !values.BETTER_AUTH_SECRET) {
    // A secret generated under DATA_DIR belongs to one instance; instances sharing a database must
    // share the secret, or each would refuse the others' cookies.
    problems.push(
      'BETTER_AUTH_SECRET is required with DATABASE_URL, the same on every instance (generate one with: openssl rand -hex 32)',
    );
  }
  if (values.NODE_ENV === 'production') {
    if (!values.PUBLIC_URL) problems.push('PUBLIC_URL is required in production (the URL people open the console at)');
    if (values.UNSAFE_DEV_MAILBOX === 'true') {
      problems.push('UNSAFE_DEV_MAILBOX must not be true in production: it lets anyone read every mail');
    }
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    problems.push('METRICS_PORT must differ from PORT: metrics are not for the public');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    authSecret: values.BETTER_AUTH_SECRET,
    adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    trustedOrigins: [...new Set(values.TRUSTED_ORIGINS)],
    logLevel: values.LOG_LEVEL,
    trustedProxies: values.TRUSTED_PROXIES,
    trustProxyGeoHeaders: values.TRUST_PROXY_GEO_HEADERS === 'true',
    geoipDatabases:
      values.GEOIP_DATABASE === 'default' || values.GEOIP_DATABASE === 'off'
        ? values.GEOIP_DATABASE
        : list(values.GEOIP_DATABASE).map((file) => path.resolve(file)),
    unsafeDevMailbox: values.UNSAFE_DEV_MAILBOX === 'true',
    unsafeDisableRateLimit: values.UNSAFE_DISABLE_RATE_LIMIT === 'true',
    guestMaxAgeSeconds: values.GUEST_MAX_AGE_SECONDS,
    guestSweepIntervalSeconds: values.GUEST_SWEEP_INTERVAL_SECONDS,
    metricsPort: values.METRICS_PORT,
    metricsHost: values.METRICS_HOST,
  };
}
