/** Better Auth's paths (under its base path) that sign-in through a provider goes through. */
export const SIGN_IN_SOCIAL_PATH = '/sign-in/social';
export const LINK_SOCIAL_PATH = '/link-social';
/** The route pattern Better Auth names the provider's return with (`ctx.path`). */
export const CALLBACK_PATH = '/callback/:id';
export const UNLINK_ACCOUNT_PATH = '/unlink-account';

/** The paths that start a sign-in or a link with a provider named in the body (`provider`). */
export const startsWithProvider = (path: string | undefined) =>
  path === SIGN_IN_SOCIAL_PATH || path === LINK_SOCIAL_PATH;

/**
 * Better Auth's endpoints that hand out what a provider gave at sign-in (its access, refresh and ID
 * tokens, its profile). Nothing here needs them after the sign-in, and they would let whoever holds
 * a session (an admin impersonating the person too) keep access at the provider: off.
 */
export const PROVIDER_TOKEN_PATHS = ['/get-access-token', '/refresh-token', '/account-info'] as const;
