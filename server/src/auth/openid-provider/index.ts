import { createHash } from 'node:crypto';
import { oauthProvider } from '@better-auth/oauth-provider';
import { jwt } from 'better-auth/plugins';
import { APPLICATION_SCOPES, ORGANIZATIONS_CLAIM } from '#common/applications';
import { isPlatformAdmin } from '#common/roles';
import type { Config } from '../../env';
import type { Database } from '../../db/database';
import { applicationGuard } from './application-guard';
import { organizationsClaim } from './organizations-claim';

/** Where the console's screens of the flow live (web/src/config/paths.ts has the same). */
export const SIGN_IN_PAGE = '/auth';
export const CONSENT_PAGE = '/consent';

/** Signing keys are replaced this often; a replaced key stays published for the grace period. */
export const SIGNING_KEY_ROTATION_SECONDS = 30 * 24 * 60 * 60;
/** Longer than any token signed with a key lives (ID tokens: an hour), with room for cached key sets. */
export const SIGNING_KEY_GRACE_SECONDS = 7 * 24 * 60 * 60;
export const ID_TOKEN_SECONDS = 60 * 60;
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/**
 * How codes, tokens and client secrets are stored: the plugin's own hash (SHA-256, base64url without
 * padding, so rows already stored still match), computed synchronously. The plugin's asynchronous
 * Web Crypto digest cost about a tenth of each userinfo request (`bench:openid`, decision 0084).
 */
export const storedDigestOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The issuer is the public URL itself, so discovery sits at `/.well-known/openid-configuration` of
 * the origin (routes/well-known.ts), as relying parties look for it.
 */
export const issuerOf = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.replace(/\/+$/, '');

/**
 * Gatehouse as an OpenID Connect provider (decision 0077): Better Auth's OAuth 2.1 provider with its
 * JWT plugin for signed ID tokens. Applications are registered by platform admins only, through
 * `/api/v1/admin/applications`; the plugin's own registration and client endpoints are disabled
 * (`DISABLED_PROVIDER_PATHS`).
 */
export function openIdProvider({ config, database }: { config: Config; database: Database }) {
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
      storeTokens: { hash: storedDigestOf },
      storeClientSecret: { hash: storedDigestOf },
      clientPrivileges: ({ user }) => isPlatformAdmin(user?.role as string | undefined),
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
      advertisedMetadata: {
        claims_supported: [ORGANIZATIONS_CLAIM],
      },
    }),
    applicationGuard(),
  ];
}

/**
 * The plugin's endpoints nobody reaches over HTTP: applications are registered and changed through
 * our admin API (which audits them), consents are revoked through ours (which also ends the
 * tokens), and the JWT plugin's session token is not an OAuth token.
 */
export const DISABLED_PROVIDER_PATHS = [
  '/token',
  '/oauth2/register',
  '/oauth2/create-client',
  '/oauth2/get-client',
  '/oauth2/get-clients',
  '/oauth2/update-client',
  '/oauth2/delete-client',
  '/oauth2/client/rotate-secret',
  '/oauth2/public-client-prelogin',
  '/oauth2/get-consent',
  '/oauth2/get-consents',
  '/oauth2/update-consent',
  '/oauth2/delete-consent',
  '/admin/oauth2/create-client',
  '/admin/oauth2/update-client',
  '/admin/oauth2/resources',
];
