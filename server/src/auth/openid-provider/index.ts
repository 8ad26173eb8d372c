import { oauthProvider } from '@better-auth/oauth-provider';
import { jwt } from 'better-auth/plugins';
import type { Redis } from 'ioredis';
import { APPLICATION_SCOPES, ORGANIZATIONS_CLAIM } from '#common/applications';
import { isPlatformAdmin } from '#common/roles';
import type { Config } from '../../env';
import type { Database } from '../../db/database';
import { applicationGuard } from './application-guard';
import { storedDigestOf } from './stored-digest';
import { endedAccess } from './ended-access';
import { grantReplayGuard } from './grant-replay-guard';
import { organizationsClaim } from './organizations-claim';

/** Where the console's screens of the flow live (web/src/config/paths.ts has the same). */
export const SIGN_IN_PAGE = '/auth';
export const CONSENT_PAGE = '/consent';

/** The owner of every application (the plugin's `referenceId`): the platform. */
export const APPLICATION_OWNER = 'platform';

/** Signing keys are replaced this often; a replaced key stays published for the grace period. */
export const SIGNING_KEY_ROTATION_SECONDS = 30 * 24 * 60 * 60;
/** Longer than any token signed with a key lives (ID tokens: an hour), with room for cached key sets. */
export const SIGNING_KEY_GRACE_SECONDS = 7 * 24 * 60 * 60;
export const ID_TOKEN_SECONDS = 60 * 60;
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/**
 * The claims discovery advertises: the ID token's own, the standard claims of the profile and email
 * scopes (as the provider resolves them), and the `organizations` claim of ours.
 */
export const CLAIMS_SUPPORTED = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'sid',
  'azp',
  'name',
  'given_name',
  'family_name',
  'picture',
  'email',
  'email_verified',
  ORGANIZATIONS_CLAIM,
] as const;

/**
 * The issuer is the public URL itself, so discovery sits at `/.well-known/openid-configuration` of
 * the origin (routes/well-known.ts), as relying parties look for it.
 */
export const issuerOf = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.replace(/\/+$/, '');

/**
 * Gatehouse as an OpenID Connect provider (decision 0077): Better Auth's OAuth 2.1 provider with its
 * JWT plugin for signed ID tokens. Applications are registered by platform admins only, through
 * `/api/v1/admin/applications`; the plugin's own registration and client endpoints are disabled
 * (disabled-paths.ts).
 */
export function openIdProvider({
  config,
  database,
  redis,
  basePath,
}: {
  config: Config;
  database: Database;
  redis: Redis | undefined;
  basePath: string;
}) {
  const issuer = issuerOf(config);
  const organizations = organizationsClaim(database);
  return [
    jwt({
      // RS256: the one algorithm every relying party must accept (OpenID Connect Core 15.1).
      jwks: {
        keyPairConfig: { alg: 'RS256', modulusLength: 2048 },
        rotationInterval: SIGNING_KEY_ROTATION_SECONDS,
        gracePeriod: SIGNING_KEY_GRACE_SECONDS,
      },
      jwt: { issuer, audience: issuer },
      // The OAuth provider answers for tokens; no session header carries one.
      disableSettingJwtHeader: true,
    }),
    oauthProvider({
      loginPage: SIGN_IN_PAGE,
      consentPage: CONSENT_PAGE,
      scopes: [...APPLICATION_SCOPES],
      grantTypes: ['authorization_code', 'refresh_token'],
      idTokenExpiresIn: ID_TOKEN_SECONDS,
      accessTokenExpiresIn: ACCESS_TOKEN_SECONDS,
      refreshTokenExpiresIn: REFRESH_TOKEN_SECONDS,
      // Strict rotation: a refresh token used twice ends its whole family.
      refreshTokenReuseInterval: 0,
      // Per client address, as the plugin counts them: an application's server calls these for all
      // its users from one address (its codes, secrets and tokens are too long to guess). The
      // authorization step is a person's: it goes to the per-account limit instead (decision 0064).
      rateLimit: {
        authorize: false,
        token: { window: 60, max: 600 },
        revoke: { window: 60, max: 600 },
        introspect: { window: 60, max: 1200 },
        // Answered mostly before Better Auth (userinfo-reader.ts): counted per caller as our API is.
        userinfo: false,
      },
      storeTokens: { hash: storedDigestOf },
      storeClientSecret: { hash: storedDigestOf },
      clientPrivileges: ({ user }) => isPlatformAdmin(user?.role as string | undefined),
      // Applications belong to the platform, not to the admin who registered them: any admin may
      // change them, and they outlive that admin's account (a client's user is deleted with it).
      clientReference: ({ user }) =>
        isPlatformAdmin(user?.role as string | undefined) ? APPLICATION_OWNER : undefined,
      // No protected resources are registered: access tokens are opaque, so revoking ends them.
      resourcePrivileges: () => false,
      // Guests and impersonating admins are shown why they cannot go on, on the consent screen,
      // and can only deny (application-guard refuses the rest).
      postLogin: {
        page: CONSENT_PAGE,
        consentReferenceId: () => undefined,
        shouldRedirect: ({ user, session }) => Boolean(user.isAnonymous) || Boolean(session.impersonatedBy),
      },
      customIdTokenClaims: async ({ user, scopes }) =>
        scopes.includes('organizations') ? { [ORGANIZATIONS_CLAIM]: await organizations(user.id) } : {},
      customUserInfoClaims: async ({ user, scopes }) =>
        scopes.includes('organizations') ? { [ORGANIZATIONS_CLAIM]: await organizations(user.id) } : {},
      // Replaces the plugin's own list, which also bounds the claims a `claims` request may name:
      // so the standard claims of our scopes are listed with ours.
      advertisedMetadata: { claims_supported: [...CLAIMS_SUPPORTED] },
    }),
    applicationGuard(basePath),
    grantReplayGuard(redis),
    endedAccess(database),
  ];
}
