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
];

/** The provider's admin endpoints (clients, protected resources), some with path parameters. */
const PROVIDER_ADMIN_PREFIX = '/admin/oauth2/';

/** Whether a Better Auth path (without the base path) is one of the provider's that nobody reaches. */
export const isDisabledProviderPath = (path: string) =>
  DISABLED_PROVIDER_PATHS.includes(path) || path.startsWith(PROVIDER_ADMIN_PREFIX);
