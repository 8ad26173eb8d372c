import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './env';

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a configuration error');
}

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      trustedOrigins: [],
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('names the variable and the value in one line', () => {
    expect(problemsOf({ PORT: 'abc' })).toBe(
      'Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")',
    );
    expect(problemsOf({ PORT: '70000' })).toMatch(/^Invalid configuration: PORT /);
    expect(problemsOf({ PUBLIC_URL: 'console.example.com' })).toMatch(
      /^Invalid configuration: PUBLIC_URL must be an http\(s\) URL/,
    );
    expect(problemsOf({ TRUSTED_ORIGINS: 'https://ok.example.com, nope' })).toMatch(
      /TRUSTED_ORIGINS must be an http\(s\) URL/,
    );
    expect(problemsOf({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-1' })).toMatch(
      /ADMIN_EMAIL must be an email/,
    );
  });

  it('never echoes the value of a secret variable', () => {
    const message = problemsOf({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    expect(message).toMatch(/DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(message).not.toContain('hunter2');
    const admin = problemsOf({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' });
    expect(admin).toMatch(/ADMIN_PASSWORD must be at least 8 characters/);
    expect(admin).not.toContain('short"');
  });

  it('needs both halves of the first admin', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'a@example.com' })).toMatch(/ADMIN_PASSWORD is required when ADMIN_EMAIL is set/);
    expect(problemsOf({ ADMIN_PASSWORD: 'long-enough-1' })).toMatch(
      /ADMIN_EMAIL is required when ADMIN_PASSWORD is set/,
    );
  });

  it('refuses to run production without a strong secret and a public URL', () => {
    const message = problemsOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/BETTER_AUTH_SECRET is required in production/);
    expect(message).toMatch(/PUBLIC_URL is required in production/);
    expect(
      problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://id.example.com', BETTER_AUTH_SECRET: 'a'.repeat(40) }),
    ).toMatch(/BETTER_AUTH_SECRET must be at least 32 varied characters/);
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://id.example.com/',
      BETTER_AUTH_SECRET: '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1',
    });
    expect(config.publicUrl).toBe('https://id.example.com');
  });

  it('keeps the unsafe switches off unless asked, and the open mailbox out of production', () => {
    expect(loadConfig({})).toMatchObject({ unsafeDevMailbox: false, unsafeDisableRateLimit: false });
    expect(loadConfig({ UNSAFE_DEV_MAILBOX: 'true', UNSAFE_DISABLE_RATE_LIMIT: 'TRUE' })).toMatchObject({
      unsafeDevMailbox: true,
      unsafeDisableRateLimit: true,
    });
    expect(problemsOf({ UNSAFE_DEV_MAILBOX: 'yes' })).toMatch(/UNSAFE_DEV_MAILBOX must be true or false/);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://id.example.com',
        BETTER_AUTH_SECRET: '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1',
        UNSAFE_DEV_MAILBOX: 'true',
      }),
    ).toMatch(/UNSAFE_DEV_MAILBOX must not be true in production/);
  });

  it('checks the guest sweep and the metrics port', () => {
    expect(loadConfig({})).toMatchObject({
      guestMaxAgeSeconds: 21600,
      guestSweepIntervalSeconds: 600,
      metricsPort: undefined,
    });
    expect(problemsOf({ GUEST_MAX_AGE_SECONDS: '10' })).toMatch(
      /GUEST_MAX_AGE_SECONDS must be a whole number of seconds, at least 60/,
    );
    expect(problemsOf({ GUEST_SWEEP_INTERVAL_SECONDS: '1.5' })).toMatch(
      /GUEST_SWEEP_INTERVAL_SECONDS must be a whole number/,
    );
    expect(problemsOf({ METRICS_PORT: '3000' })).toBe(
      'Invalid configuration: METRICS_PORT must differ from PORT: metrics are not for the public',
    );
    expect(problemsOf({ METRICS_PORT: 'x' })).toMatch(/METRICS_PORT must be an integer from 1 to 65535/);
    expect(loadConfig({ METRICS_PORT: '9464', GUEST_SWEEP_INTERVAL_SECONDS: '0' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      guestSweepIntervalSeconds: 0,
    });
  });

  it('asks for one shared secret when instances share a PostgreSQL database', () => {
    expect(problemsOf({ DATABASE_URL: 'postgresql://app@db:5432/gatehouse' })).toBe(
      'Invalid configuration: BETTER_AUTH_SECRET is required with DATABASE_URL, the same on every instance (generate one with: openssl rand -hex 32)',
    );
  });

  it('reads lists item by item, location databases as paths, and an admin password as given', () => {
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.1, proxy.example.com' })).toBe(
      'Invalid configuration: TRUSTED_PROXIES must be IP addresses or CIDR ranges, comma-separated (got "10.0.0.1, proxy.example.com")',
    );
    expect(problemsOf({ GEOIP_DATABASE: '/no/such/file.mmdb' })).toMatch(
      /^Invalid configuration: GEOIP_DATABASE must be default, off, or paths of existing \.mmdb files/,
    );
    const here = path.relative(process.cwd(), import.meta.filename);
    const config = loadConfig({
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
      GEOIP_DATABASE: ` ${here} `,
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: '  spaced password  ',
    });
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    expect(config.geoipDatabases).toEqual([path.resolve(here)]);
    expect(config.adminEmail).toBe('root@example.com');
    expect(config.adminPassword).toBe('  spaced password  ');
    expect(loadConfig({ GEOIP_DATABASE: 'off' }).geoipDatabases).toBe('off');
  });

  it('accepts PostgreSQL, Redis and SMTP URLs and a list of trusted origins', () => {
    const config = loadConfig({
      BETTER_AUTH_SECRET: '3f9a1c7e5b2d8046a9e1f3c5b7d9e2a4c6f8b0d1',
      DATABASE_URL: 'postgresql://app@db:5432/gatehouse',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      TRUSTED_ORIGINS: 'https://app.example.com/, https://admin.example.com',
    });
    expect(config.databaseUrl).toBe('postgresql://app@db:5432/gatehouse');
    expect(config.trustedOrigins).toEqual(['https://app.example.com', 'https://admin.example.com']);
  });

  it('offers no provider and no mail sign-in unless configured', () => {
    expect(loadConfig({})).toMatchObject({ identityProviders: [], emailSignIn: { link: false, code: false } });
    expect(loadConfig({ EMAIL_SIGN_IN: 'Code, link' }).emailSignIn).toEqual({ link: true, code: true });
    expect(loadConfig({ EMAIL_SIGN_IN: 'link' }).emailSignIn).toEqual({ link: true, code: false });
    expect(problemsOf({ EMAIL_SIGN_IN: 'link,off' })).toBe(
      'Invalid configuration: EMAIL_SIGN_IN must be off, link, code or link,code (got "link,off")',
    );
    expect(problemsOf({ EMAIL_SIGN_IN: 'code,code' })).toContain('EMAIL_SIGN_IN must be off, link, code or link,code');
  });

  it('reads built-in providers in pairs and OpenID Connect issuers by name', () => {
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      MICROSOFT_CLIENT_ID: 'ms-id',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      OIDC_PROVIDERS: 'Acme, big-corp',
      OIDC_ACME_ISSUER: 'https://id.acme.example/realms/main',
      OIDC_ACME_CLIENT_ID: 'gatehouse',
      OIDC_ACME_CLIENT_SECRET: 'acme-secret',
      OIDC_ACME_LABEL: 'Acme staff',
      OIDC_BIG_CORP_ISSUER: 'http://127.0.0.1:9000/',
      OIDC_BIG_CORP_CLIENT_ID: 'corp-id',
      OIDC_BIG_CORP_CLIENT_SECRET: 'corp-secret',
    });
    expect(config.identityProviders).toEqual([
      { kind: 'github', id: 'github', label: 'GitHub', clientId: 'gh-id', clientSecret: 'gh-secret' },
      {
        kind: 'microsoft',
        id: 'microsoft',
        label: 'Microsoft',
        clientId: 'ms-id',
        clientSecret: 'ms-secret',
        tenantId: 'common',
      },
      {
        kind: 'oidc',
        id: 'acme',
        label: 'Acme staff',
        clientId: 'gatehouse',
        clientSecret: 'acme-secret',
        issuer: 'https://id.acme.example/realms/main',
      },
      {
        kind: 'oidc',
        id: 'big-corp',
        label: 'Big-corp',
        clientId: 'corp-id',
        clientSecret: 'corp-secret',
        issuer: 'http://127.0.0.1:9000/',
      },
    ]);
  });

  it('refuses half-configured providers, plain-http issuers and clashing names, never echoing secrets', () => {
    const problems = problemsOf({
      GOOGLE_CLIENT_ID: 'g-id',
      OIDC_PROVIDERS: 'acme,corp,acme',
      OIDC_ACME_ISSUER: 'http://id.acme.example',
      OIDC_ACME_CLIENT_ID: 'id',
      OIDC_ACME_CLIENT_SECRET: 'very-secret-value',
    });
    expect(problems).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    expect(problems).toContain('OIDC_PROVIDERS names acme twice');
    expect(problems).toContain(
      'OIDC_ACME_ISSUER must be an https URL (http only on localhost) without query or fragment (got "http://id.acme.example")',
    );
    expect(problems).toContain('OIDC_CORP_ISSUER is required (OIDC_PROVIDERS names corp)');
    expect(problems).toContain('OIDC_CORP_CLIENT_SECRET is required (OIDC_PROVIDERS names corp)');
    expect(problems).not.toContain('very-secret-value');
    expect(problemsOf({ OIDC_PROVIDERS: 'google' })).toContain('OIDC_PROVIDERS must not name a built-in provider');
    expect(problemsOf({ OIDC_PROVIDERS: 'acme_corp' })).toContain('OIDC_PROVIDERS must be names of letters');
  });

  it('is documented variable by variable in the README, and the README names no other', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = [...table.matchAll(/^\| ([^|]+)\|/gm)]
      .flatMap((row) => [...row[1]!.matchAll(/`([A-Z_<>]+)`/g)].map((name) => name[1]!))
      .sort();
    expect(documented).toEqual(CONFIG_VARIABLES.map(({ name }) => name).sort());
  });

  it('is documented with the default it applies', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const documented = new Map(
      [...readme.matchAll(/^\| (`[A-Z_<>]+`(?:, `[A-Z_<>]+`)*) +\| (.+?) +\|/gm)].flatMap((row) =>
        [...row[1]!.matchAll(/`([A-Z_<>]+)`/g)].map((name) => [name[1]!, row[2]!] as const),
      ),
    );
    for (const { name, documentedDefault } of CONFIG_VARIABLES) {
      expect(documented.get(name), name).toBe(documentedDefault);
    }
  });
});
