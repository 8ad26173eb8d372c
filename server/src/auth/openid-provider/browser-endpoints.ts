/**
 * The provider's endpoints a single-page or native application calls from its own origin, with a
 * client id, a code verifier or a token and never a cookie: readable from any origin (CORS `*`,
 * without credentials, so no browser sends Gatehouse's cookies along).
 */
export const CROSS_ORIGIN_PROVIDER_PATHS = ['/oauth2/token', '/oauth2/revoke', '/oauth2/userinfo', '/jwks'] as const;
