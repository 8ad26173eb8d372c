import { apiKey } from '@better-auth/api-key';
import { passkey } from '@better-auth/passkey';
import { redisStorage } from '@better-auth/redis-storage';
import { betterAuth } from 'better-auth';
import { admin, anonymous, openAPI, organization } from 'better-auth/plugins';
import type { Redis } from 'ioredis';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/validation';
import type { Config } from '../env';
import type { Database } from '../db/database';
import type { Logger } from '../lib/logger';

export interface AuthDependencies {
  config: Config;
  database: Database;
  secret: string;
  logger: Logger;
  redis?: Redis | undefined;
}

/** Where the Better Auth handler is mounted; the SPA's client uses the same path. */
export const AUTH_BASE_PATH = '/api/auth';

/** Visitor-location fields of a session (filled when the session is created). Strings, as proxies send them. */
const sessionGeoFields = Object.fromEntries(
  ['country', 'city', 'region', 'region_code', 'timezone', 'colo', 'latitude', 'longitude'].map((name) => [
    name,
    { type: 'string', required: false, input: false },
  ]),
) as Record<
  'country' | 'city' | 'region' | 'region_code' | 'timezone' | 'colo' | 'latitude' | 'longitude',
  { type: 'string'; required: false; input: false }
>;

export function createAuth({ config, database, secret, logger, redis }: AuthDependencies) {
  const publicUrl = new URL(config.publicUrl);
  return betterAuth({
    appName: 'Gatehouse',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db: database.db, type: database.engine },
    secondaryStorage: redis ? redisStorage({ client: redis, keyPrefix: 'gatehouse:' }) : undefined,
    trustedOrigins: [publicUrl.origin, ...config.trustedOrigins],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => logger[level](`auth: ${message}`),
    },
    rateLimit: {
      enabled: config.nodeEnv === 'production',
      storage: redis ? 'secondary-storage' : 'memory',
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    session: {
      additionalFields: sessionGeoFields,
    },
    plugins: [
      admin(),
      organization({ teams: { enabled: true } }),
      anonymous(),
      passkey({ rpID: publicUrl.hostname, rpName: 'Gatehouse', origin: publicUrl.origin }),
      apiKey({
        // The plugin's default (10 verifications a day) would lock a key out after ten calls.
        rateLimit: { enabled: true, timeWindow: 60_000, maxRequests: 600 },
      }),
      openAPI({ path: '/reference' }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
