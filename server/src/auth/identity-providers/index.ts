import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import type { AuditLog } from '../../audit/audit-log';
import type { Database } from '../../db/database';
import type { Config } from '../../env';
import type { Logger } from '../../lib/logger';
import { callbackErrorsToSignIn } from './callback-errors';
import { IDENTITY_PROVIDER_ERROR_CODES } from './error-codes';
import { oidcProviders } from './oidc-providers';
import { providerAudit } from './provider-audit';
import { storeProviderEmail } from './provider-email';
import { providerPictures, type StoreAvatar } from './provider-picture';
import { socialProvidersOf } from './social-providers';
import { unlinkRule } from './unlink-rule';

/** How long a provider's picture may take to arrive before the account is made without it. */
const PICTURE_TIMEOUT_MS = 5_000;
/** The largest picture taken from a provider: an upload's limit (routes/files/avatar-image.ts). */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export type { StoreAvatar };

/**
 * Sign-in with identities from elsewhere (decisions 0084, 0085, 0086): Google, GitHub and Microsoft
 * as Better Auth's social providers, any OpenID Connect issuer by discovery, the linking rule, the
 * account's provider address and picture, the unlink rule, and the audit of it all. `createAuth`
 * spreads each part where Better Auth takes it.
 */
export function identityProviders({
  config,
  database,
  logger,
  audit,
  storeAvatar,
}: {
  config: Config;
  database: Database;
  logger: Logger;
  audit: AuditLog;
  storeAvatar: StoreAvatar;
}) {
  const pictures = providerPictures({
    logger,
    storeAvatar,
    // A provider on this machine only in tests: anywhere else, a picture URL never reaches inside.
    rules: { timeoutMs: PICTURE_TIMEOUT_MS, maxBytes: MAX_PICTURE_BYTES, allowLoopback: config.nodeEnv === 'test' },
  });
  const unlink = unlinkRule({ database, audit });
  const trail = providerAudit({ audit });
  const plugin = oidcProviders(config.identityProviders, { logger });
  const account = {
    accountLinking: {
      enabled: true,
      // A provider account joins an existing one only when both sides vouch for the same address:
      // the provider says it verified it, and the account's owner proved it here (pre-hijacking).
      requireLocalEmailVerified: true,
      trustedProviders: [],
      allowDifferentEmails: false,
      // Our rule (unlink-rule.ts) counts passkeys too; Better Auth's counts account rows only.
      allowUnlinkingAll: true,
      updateUserInfoOnLink: false,
    },
    additionalFields: {
      providerEmail: { type: 'string', required: false, input: false },
    },
  } satisfies BetterAuthOptions['account'];
  return {
    socialProviders: socialProvidersOf(config.identityProviders),
    account,
    databaseHooks: {
      user: {
        create: {
          before: pictures.beforeCreate,
          after: async (
            user: Parameters<typeof pictures.afterCreate>[0],
            ctx: Parameters<typeof pictures.afterCreate>[1],
          ) => {
            await trail.afterUserCreate(user, ctx);
            await pictures.afterCreate(user, ctx);
          },
        },
      },
      account: { create: { before: storeProviderEmail, after: trail.afterAccountCreate } },
    },
    plugin: {
      ...plugin,
      hooks: {
        before: [...plugin.hooks.before, trail.before, unlink.before],
        after: [callbackErrorsToSignIn, trail.after],
      },
      $ERROR_CODES: IDENTITY_PROVIDER_ERROR_CODES,
    } satisfies BetterAuthPlugin,
  };
}
