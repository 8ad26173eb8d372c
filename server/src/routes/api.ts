import { Hono } from 'hono';
import type { Redis } from 'ioredis';
import type { SignInProvider } from '#common/identity-providers';
import type { AuditLog } from '../audit/audit-log';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import type { DependencyChecks } from '../http/dependencies';
import type { Logger } from '../lib/logger';
import type { MailOutbox } from '../mail/mailer';
import { adminRoutes } from './admin';
import { myAuditRoutes } from './audit';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { invitationRoutes } from './invitations';
import { meRoutes } from './me';
import { myApplicationRoutes } from './my-applications';
import { myLinkedAccountRoutes } from './my-linked-accounts';
import { organizationRoutes } from './organizations';
import { setupRoutes } from './setup';
import { signInOptionsRoutes } from './sign-in-options';
import type { EmailSignInOptions } from '#common/mail-sign-in';

export interface ApiDependencies {
  auth: Auth;
  database: Database;
  dependencies: DependencyChecks;
  outbox: MailOutbox | undefined;
  audit: AuditLog;
  logger: Logger;
  publicUrl: string;
  redis: Redis | undefined;
  /** False when `UNSAFE_DISABLE_RATE_LIMIT` turns limits off. */
  rateLimited: boolean;
  /** The configured identity providers: their ids and the names their buttons show. */
  identityProviders: readonly SignInProvider[];
  /** Which ways of signing in by mail `EMAIL_SIGN_IN` turns on. */
  emailSignIn: EmailSignInOptions;
}

/**
 * Every `/api/v1` route, mounted at `/api/v1`. Chained, so that its type (`ApiRoutes`) names each
 * path with its inputs and answers: the console's client (`web/src/lib/api.ts`) is typed from it.
 */
export function apiRoutes({
  auth,
  database,
  dependencies,
  outbox,
  audit,
  logger,
  publicUrl,
  redis,
  rateLimited,
  identityProviders,
  emailSignIn,
}: ApiDependencies) {
  const providers = identityProviders.map(({ id, label }) => ({ id, label }));
  return new Hono()
    .route('/health', healthRoutes(database, dependencies))
    .route('/files', fileRoutes({ auth, database, publicUrl }))
    .route('/me/audit', myAuditRoutes({ auth, database, audit }))
    .route('/me/applications', myApplicationRoutes({ auth, database, audit }))
    .route('/me/linked-accounts', myLinkedAccountRoutes({ auth, database, providers }))
    .route('/me', meRoutes({ auth, database }))
    .route('/organizations', organizationRoutes({ auth, database, audit, publicUrl }))
    .route('/invitations', invitationRoutes({ auth, database }))
    .route('/sign-in-options', signInOptionsRoutes({ providers, emailSignIn }))
    .route('/setup', setupRoutes({ auth, database, audit, redis, rateLimited }))
    .route('/admin', adminRoutes({ auth, database, outbox, audit, logger, providers }));
}

/** The `/api/v1` routes as a type: import it as a type only (`import type`), never the server's code. */
export type ApiRoutes = ReturnType<typeof apiRoutes>;
