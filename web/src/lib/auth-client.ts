import { apiKeyClient } from '@better-auth/api-key/client';
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import { adminClient, anonymousClient, inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { organizationAccess, organizationRoles } from '#common/permissions';
import { sessionGeoSchema } from '#common/session-fields';

/** The API may live on another origin (then it lists this SPA in TRUSTED_ORIGINS). */
export const API_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? window.location.origin;

export const authClient = createAuthClient({
  baseURL: API_URL,
  basePath: '/api/auth',
  fetchOptions: { credentials: 'include' },
  plugins: [
    inferAdditionalFields({ session: sessionGeoSchema }),
    adminClient(),
    anonymousClient(),
    organizationClient({ ac: organizationAccess, roles: organizationRoles, teams: { enabled: true } }),
    passkeyClient(),
    apiKeyClient(),
  ],
});

export type SessionData = NonNullable<Awaited<ReturnType<typeof authClient.getSession>>['data']>;
export type SessionUser = SessionData['user'];
