import { apiKeyClient } from '@better-auth/api-key/client';
import { oauthProviderClient } from '@better-auth/oauth-provider/client';
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import {
  adminClient,
  anonymousClient,
  emailOTPClient,
  inferAdditionalFields,
  magicLinkClient,
  organizationClient,
  twoFactorClient,
} from 'better-auth/client/plugins';
import { organizationAccess, organizationRoles } from '#common/permissions';
import { sessionGeoSchema } from '#common/session-fields';
import { freshSessionClient } from '#fresh-session/client';
import { impersonationGuardClient } from '#impersonation-guard/client';
import { teamPermissionsClient } from '#team-permissions/client';
import { API_URL } from '@/config/api-url';
import { followAuthorization } from './oauth-request';

/**
 * The whole client, with every plugin the console uses. The sign-in screen imports it only when the
 * person acts (see features/auth), so keep it out of the modules /auth loads up front.
 */
export const authClient = createAuthClient({
  baseURL: API_URL,
  basePath: '/api/auth',
  fetchOptions: { credentials: 'include', plugins: [followAuthorization] },
  plugins: [
    inferAdditionalFields({ session: sessionGeoSchema }),
    adminClient(),
    anonymousClient(),
    organizationClient({
      ac: organizationAccess,
      roles: organizationRoles,
      teams: { enabled: true },
      dynamicAccessControl: { enabled: true },
    }),
    passkeyClient(),
    apiKeyClient(),
    teamPermissionsClient(),
    twoFactorClient(),
    // Sign-in by mail (`EMAIL_SIGN_IN`); its paths answer 404 while the server has it off.
    magicLinkClient(),
    emailOTPClient(),
    freshSessionClient(),
    impersonationGuardClient(),
    // Sends the page's signed authorization request (`oauth_query`) with every sign-in step, so that
    // signing in on /auth continues the application's flow (decision 0079).
    oauthProviderClient(),
  ],
});

export type SessionData = NonNullable<Awaited<ReturnType<typeof authClient.getSession>>['data']>;
export type SessionUser = SessionData['user'];
