import { oauthProviderAuthServerMetadata, oauthProviderOpenIdConfigMetadata } from '@better-auth/oauth-provider';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Auth } from '../auth/auth';

/**
 * Discovery for applications that sign in with Gatehouse: the issuer is the public URL, so its
 * metadata is served at the origin's `/.well-known/`, not under the auth handler's path. Public and
 * readable from any origin (a single-page app reads it from the browser); it carries no secret.
 */
export function wellKnownRoutes(auth: Auth) {
  const openIdConfiguration = oauthProviderOpenIdConfigMetadata(auth);
  const authorizationServer = oauthProviderAuthServerMetadata(auth);
  return new Hono()
    .use('*', cors({ origin: '*', allowMethods: ['GET'] }))
    .get('/openid-configuration', (c) => openIdConfiguration(c.req.raw))
    .get('/oauth-authorization-server', (c) => authorizationServer(c.req.raw));
}
