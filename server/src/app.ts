import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import type { Redis } from 'ioredis';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { AUTH_BASE_PATH, type Auth } from './auth/auth';
import { CROSS_ORIGIN_PROVIDER_PATHS } from './auth/openid-provider/browser-endpoints';
import { allowedOrigins, type Config } from './env';
import type { AuditLog } from './audit/audit-log';
import type { Database } from './db/database';
import { apiError } from './http/api-error';
import { handleAuthRequest } from './http/auth-handler';
import { getSessionFastPath } from './http/session';
import { userInfoFastPath } from './http/userinfo';
import { dependencyChecks, OUTAGE_MESSAGES } from './http/dependencies';
import { BODILESS_METHODS, inputGuard } from './http/input-guard';
import { originCheck } from './http/origin-check';
import { clientAddressOf, withClientAddress } from './http/client-address';
import { noteCodeStepSession, signInAttempt } from './http/sign-in-attempt';
import type { loadSpa } from './http/spa';
import { errorFields, type Logger } from './lib/logger';
import type { Metrics } from './lib/metrics';
import { runInRequest } from './lib/request-context';
import { apiRoutes } from './routes/api';
import { wellKnownRoutes } from './routes/well-known';
import { MAX_UPLOAD_BODY_BYTES } from './routes/files';
import { devMailboxApi, devMailboxPage } from './routes/dev-mailbox';
import type { Mailer } from './mail/mailer';
import { apiRateLimit } from './http/rate-limit';

/** JSON bodies of the API are small; anything larger is refused before it is read whole. */
export const MAX_API_BODY_BYTES = 1024 * 1024;
const UPLOAD_PATH = '/api/v1/files/upload';
const LOGO_PATH = /^\/api\/v1\/organizations\/[^/]+\/logo$/;
/** The routes that take an image (multipart, up to the upload's size): the avatar upload and organization logos. */
const takesImage = (path: string) => path === UPLOAD_PATH || LOGO_PATH.test(path);
const SESSION_CHECK_PATH = `${AUTH_BASE_PATH}/get-session`;

/** A route's label for metrics: its pattern, never the path itself (ids and tokens would flood them). */
function routeLabel(c: Context): string {
  const route = routePath(c);
  if (c.res.status === 404 && (route === '/api/*' || route === '/api/auth/*')) return 'unmatched';
  if (route === '*') return 'web console';
  if (route !== '/api/auth/*') return route;
  // Better Auth's routes: its few path parameters (tokens) are long; the names are short.
  return c.req.path.replace(/\/[^/]{20,}/g, '/:param');
}

export interface AppDependencies {
  config: Config;
  auth: Auth;
  database: Database;
  logger: Logger;
  spa: ReturnType<typeof loadSpa>;
  mailer: Mailer;
  redis: Redis | undefined;
  metrics: Metrics;
  audit: AuditLog;
}

export function createApp({ config, auth, database, logger, spa, mailer, redis, metrics, audit }: AppDependencies) {
  const app = new Hono();
  const dependencies = dependencyChecks({ database, redis });

  app.use('*', (c, next) => {
    const requestId = crypto.randomUUID();
    return runInRequest(requestId, async () => {
      const started = performance.now();
      await next();
      c.res.headers.set('x-request-id', requestId);
      const ms = performance.now() - started;
      // The path only: query strings can carry tokens (verification links), so they are never logged.
      logger.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
      });
      metrics.observeRequest(c.req.method, routeLabel(c), c.res.status, ms / 1000);
      const signIn = await signInAttempt(c, auth);
      if (signIn) metrics.observeSignIn(signIn);
      // A limited sign-in never reaches Better Auth, whose hooks record the others.
      if (signIn?.outcome === 'rate_limited') {
        audit.record({
          action: 'user.sign_in',
          outcome: 'failure',
          ipAddress: clientAddressOf(c, auth.options),
          userAgent: c.req.header('user-agent'),
          details: { method: signIn.method, code: 'RATE_LIMITED', status: 429 },
        });
      }
    });
  });

  app.use(`${AUTH_BASE_PATH}/two-factor/*`, noteCodeStepSession(auth));

  const https = config.publicUrl.startsWith('https://');
  app.use('*', async (c, next) => {
    await next();
    // Served over https, browsers are told never to try plain http for this host again.
    if (https) c.res.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) c.res.headers.set('x-content-type-options', 'nosniff');
  });

  for (const path of CROSS_ORIGIN_PROVIDER_PATHS) {
    app.use(`${AUTH_BASE_PATH}${path}`, cors({ origin: '*', maxAge: 600 }));
  }
  if (config.trustedOrigins.length > 0) {
    app.use('/api/*', cors({ origin: config.trustedOrigins, credentials: true, maxAge: 600 }));
  }

  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request after it.
        c.header('connection', 'close');
        return apiError(c, 413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${maxSize} bytes`);
      },
    });
  const apiBodyLimit = limitBody(MAX_API_BODY_BYTES);
  const uploadBodyLimit = limitBody(MAX_UPLOAD_BODY_BYTES);
  app.use('/api/*', (c, next) => {
    if (BODILESS_METHODS.has(c.req.method)) return next();
    return (takesImage(c.req.path) ? uploadBodyLimit : apiBodyLimit)(c, next);
  });
  app.use('/api/*', inputGuard());

  app.use('/api/v1/*', originCheck(allowedOrigins(config), takesImage));
  if (!config.unsafeDisableRateLimit) {
    const limit = apiRateLimit({ auth, redis });
    // Liveness checks must never be told to slow down.
    app.use('/api/v1/*', (c, next) => (c.req.path.startsWith('/api/v1/health') ? next() : limit(c, next)));
    // Better Auth's limiter counts per address: its endpoints, bar those with rules of their own
    // (sign-in, codes, mail), count here per caller instead, the session check with them.
    app.use(`${AUTH_BASE_PATH}/*`, limit);
  }

  app.get(SESSION_CHECK_PATH, getSessionFastPath(auth));
  app.get(`${AUTH_BASE_PATH}/oauth2/userinfo`, userInfoFastPath(auth));
  app.all('/api/auth/*', (c) =>
    handleAuthRequest(auth, withClientAddress(c, config.trustedProxies), logger, dependencies),
  );
  app.route(
    '/api/v1',
    apiRoutes({
      auth,
      database,
      dependencies,
      outbox: mailer.outbox,
      audit,
      logger,
      publicUrl: config.publicUrl,
      redis,
      rateLimited: !config.unsafeDisableRateLimit,
      identityProviders: config.identityProviders,
      emailSignIn: config.emailSignIn,
    }),
  );
  if (mailer.outbox && config.unsafeDevMailbox) {
    // Opt-in and unsafe: anyone who can reach the server reads every mail, sign-in links included.
    app.route('/api/v1/dev/mailbox', devMailboxApi(mailer.outbox));
    app.route('/dev/mailbox', devMailboxPage(mailer.outbox));
  }
  app.route('/.well-known', wellKnownRoutes(auth));
  app.all('/api/*', (c) => apiError(c, 404, 'NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`));

  app.on(['GET', 'HEAD'], '*', (c) => spa.serve(c));
  app.notFound((c) => apiError(c, 404, 'NOT_FOUND'));

  app.onError(async (error, c) => {
    // A failure while a dependency is down is an outage, not a bug: 503 until it is back.
    const down = await dependencies.firstDown();
    if (down) {
      logger.warn('dependency unavailable', { dependency: down, method: c.req.method, path: c.req.path });
      return apiError(c, 503, 'SERVICE_UNAVAILABLE', OUTAGE_MESSAGES[down]);
    }
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, ...errorFields(error) });
    return apiError(c, 500, 'INTERNAL_SERVER_ERROR');
  });

  return app;
}
