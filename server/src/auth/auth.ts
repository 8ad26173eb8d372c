import { apiKey } from '@better-auth/api-key';
import { passkey } from '@better-auth/passkey';
import { redisStorage } from '@better-auth/redis-storage';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { admin, anonymous, openAPI, organization } from 'better-auth/plugins';
import type { Redis } from 'ioredis';
import { API_KEY_DEFAULT_EXPIRES_IN_SECONDS, API_KEY_RATE_LIMIT } from '#common/api-keys';
import { CUSTOM_ROLES_MAX } from '#common/organization-roles';
import { organizationAccess, organizationRoles } from '#common/permissions';
import { sessionGeoSchema } from '#common/session-fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/validation';
import { allowedOrigins, type Config } from '../env';
import type { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';
import { argumentFields, type Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import { MailNotConfiguredError, type Mailer } from '../mail/mailer';
import { changeEmailApproval, invitationEmail, verificationEmail } from '../mail/templates';
import { accountClaims } from './account-claim';
import { transactionFromUserCreation } from './account-creation-transaction';
import { accountDeletion } from './plugins/account-deletion';
import { auditTrail } from './plugins/audit-trail';
import { freshSession } from './plugins/fresh-session';
import { impersonationGuard } from './plugins/impersonation-guard';
import { invitationGuard } from './plugins/invitation-guard';
import { organizationRules } from './plugins/organization-rules';
import { passkeyGuard } from './plugins/passkey-guard';
import { requestRules } from './plugins/request-rules';
import { resetLinks } from './plugins/reset-links';
import { signInAlerts } from './plugins/sign-in-alerts';
import { teamPermissions } from './plugins/team-permissions';
import { guestUpgrade } from './guest-upgrade';
import { geoFromHeaders, type GeoLookup } from './session-geo';
import type { PasswordHasher } from './password-hashing';
import { passwordCheckLimit } from './password-check-limit';
import { organizationLimitReached } from './organization-limit';
import { passwordGuard } from './password-guard';
import { hasOwnRateLimit, limiterPathOf } from './own-rate-limits';
import { passwordResetOptions } from './password-reset';
import { withMemberEndpointTurns } from './member-endpoint-turns';
import { reusedRouterHandler } from './reused-router';
import { createSessionReader } from './session-reader';
import { signUpRace } from './sign-up-race';
import { twoFactorPlugins } from './two-factor';
import { holdForSecondFactor, SECOND_FACTOR_PAGE } from './two-factor/hold-for-second-factor';
import { mailSignIn } from './mail-sign-in';
import { withOneWrongCodeAnswer } from './mail-sign-in/guard';
import { openIdProvider } from './openid-provider';
import { DISABLED_PROVIDER_PATHS } from './openid-provider/disabled-paths';
import { organizationsClaim } from './openid-provider/organizations-claim';
import { userInfoReader } from './openid-provider/userinfo-reader';
import { errorOf } from './plugin-error-codes';
import { identityProviders, type StoreAvatar } from './identity-providers';
import { CALLBACK_PATH, PROVIDER_TOKEN_PATHS } from './identity-providers/paths';

export interface AuthDependencies {
  config: Config;
  database: Database;
  secret: string;
  logger: Logger;
  mailer: Mailer;
  geoLookup: GeoLookup;
  redis?: Redis | undefined;
  metrics: Metrics;
  passwordHasher: PasswordHasher;
  audit: AuditLog;
  /** The avatar pipeline, for the pictures of people who sign up through a provider. */
  storeAvatar: StoreAvatar;
}

/** Where the Better Auth handler is mounted; the SPA's client uses the same path. */
export const AUTH_BASE_PATH = '/api/auth';

/** Sending mail is part of the request: a failure is the user's error message, never a 500. */
async function send(mailer: Mailer, message: Parameters<Mailer['send']>[0]) {
  try {
    await mailer.send(message);
  } catch (error) {
    if (error instanceof MailNotConfiguredError)
      throw APIError.from('SERVICE_UNAVAILABLE', errorOf('MAIL_NOT_CONFIGURED'));
    throw APIError.from('BAD_GATEWAY', errorOf('MAIL_NOT_SENT'));
  }
}

/** Better Auth's keys in Redis (sessions, revocation markers, rate limits) start with this. */
const REDIS_KEY_PREFIX = 'gatehouse:';

/** Sign-ups one client address may attempt per hour. */
export const SIGN_UPS_PER_HOUR = 30;

export function createAuth(dependencies: AuthDependencies) {
  const { config, database, secret, logger, mailer, geoLookup, redis, metrics, passwordHasher, audit, storeAvatar } =
    dependencies;
  const publicUrl = new URL(config.publicUrl);
  const guests = guestUpgrade({ database, logger });
  const alerts = signInAlerts({ config, database, mailer, logger });
  const trail = auditTrail({ audit, database });
  const providers = identityProviders({ config, database, logger, audit, storeAvatar });
  const claims = accountClaims(
    { config, mailer, logger, audit },
    () => auth.$context,
    async (headers) => {
      const read = await readSession(headers);
      return read.kind === 'signed-in' ? read.user.id : undefined;
    },
  );
  // Sign-in by a mailed link or code, when EMAIL_SIGN_IN turns it on (decision 0087).
  const byMail = mailSignIn({ config, mailer, logger, redis, claimAfterMailSignIn: claims.afterMailSignIn });
  /** The options, plugins included, whose rate-limit rules are read at request time. */
  const rules: { options?: BetterAuthOptions } = {};
  const auth = betterAuth({
    appName: 'Gatehouse',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // Real transactions, taken only by the work that creates a user (transactionFromUserCreation).
    database: { db: database.db, type: database.engine, transaction: true },
    secondaryStorage: redis ? redisStorage({ client: redis, keyPrefix: REDIS_KEY_PREFIX }) : undefined,
    trustedOrigins: allowedOrigins(config),
    telemetry: { enabled: false },
    disabledPaths: [...DISABLED_PROVIDER_PATHS, ...PROVIDER_TOKEN_PATHS, ...byMail.disabledPaths],
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level](`auth: ${message}`, argumentFields(args)),
    },
    // Better Auth would print every refusal's message on a plain line of its own (quoting names
    // people chose): refusals are answered, not logged, and any other error goes on to the HTTP
    // handler, which logs it as JSON and answers 500.
    onAPIError: { throw: true },
    rateLimit: {
      enabled: !config.unsafeDisableRateLimit,
      storage: redis ? 'secondary-storage' : 'memory',
      // Instead of Better Auth's 3 per 10 s (1,080 an hour): probing which addresses have accounts stays slow.
      customRules: {
        '/sign-up/email': { window: 60 * 60, max: SIGN_UPS_PER_HOUR },
        // Paths without a rule of their own are counted per caller before Better Auth (decision 0064).
        '/**': (request, rule) =>
          !rules.options || hasOwnRateLimit(rules.options, limiterPathOf(request.url, AUTH_BASE_PATH)) ? rule : false,
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      ...passwordResetOptions({ config, mailer, logger }, claims.afterReset),
      // Better Auth's scrypt on threads of its own, at low priority, timed (decision 0022).
      password: {
        hash: (password) => metrics.timeHashing(() => passwordHasher.hash(password)),
        verify: (data) => metrics.timeHashing(() => passwordHasher.verify(data)),
      },
    },
    emailVerification: {
      sendVerificationEmail: async ({ user, url }) =>
        send(mailer, verificationEmail({ to: user.email, name: user.name, url, claims: !user.emailVerified })),
      autoSignInAfterVerification: true,
      // Whoever proves an unverified address takes the account whole (decision 0057).
      beforeEmailVerification: claims.beforeVerification,
      expiresIn: 60 * 60 * 24,
    },
    socialProviders: providers.socialProviders,
    account: providers.account,
    user: {
      changeEmail: {
        enabled: true,
        // An unverified address proves nothing, so it may be replaced at once; a verified one
        // changes only after its owner approves from the old inbox and the new address is confirmed.
        updateEmailWithoutVerification: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) =>
          send(mailer, changeEmailApproval({ to: user.email, name: user.name, newEmail, url })),
      },
    },
    session: {
      additionalFields: sessionGeoSchema,
      // With Redis, sessions are also written to the database: OAuth tokens name the session they
      // were issued in (the OpenID provider refuses to start otherwise). Redis is read first.
      storeSessionInDatabase: Boolean(redis),
    },
    advanced: {
      // Better Auth skips its origin and callback-URL checks when NODE_ENV is test; never skip them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: config.trustedProxies },
    },
    databaseHooks: {
      ...providers.databaseHooks,
      session: {
        create: {
          before: async (session, ctx) => {
            const headers = ctx?.request?.headers ?? ctx?.headers;
            const geo =
              (config.trustProxyGeoHeaders && headers ? geoFromHeaders(headers) : undefined) ??
              (await geoLookup(session.ipAddress));
            return geo ? { data: { ...session, ...geo } } : undefined;
          },
        },
      },
    },
    plugins: [
      // First: who asks is read before any other plugin's hook may refuse the request.
      trail.start,
      // Right after it: what these rules refuse is recorded as any other refusal.
      requestRules(),
      admin({
        impersonationSessionDuration: config.impersonationMaxSeconds,
        // The sign-in error of a banned user says why, and until when.
        bannedUserMessage: (user: { banReason?: string | null; banExpires?: Date | string | null }) =>
          [
            'You have been banned from this application.',
            user.banReason ? `Reason: ${user.banReason}.` : '',
            user.banExpires
              ? `The ban ends on ${new Date(user.banExpires).toISOString().replace('T', ' ').slice(0, 16)} UTC.`
              : '',
          ]
            .filter(Boolean)
            .join(' '),
      }),
      // Right after admin(): it refuses before any other plugin acts on the paths it guards.
      impersonationGuard(),
      organization({
        ac: organizationAccess,
        roles: organizationRoles,
        teams: { enabled: true, allowRemovingAllTeams: true },
        // Deleting asks for the typed name and takes the logo file too: DELETE /api/v1/organizations/:id only.
        disableOrganizationDeletion: true,
        // Custom roles per organization beside owner, admin and member (decision 0092).
        dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: CUSTOM_ROLES_MAX },
        // The organization's policies: written by our policies route only, never by /organization/update.
        schema: {
          organization: {
            additionalFields: {
              requireTwoFactor: { type: 'boolean', required: false, defaultValue: false, input: false },
              invitationDomains: { type: 'string', required: false, input: false },
            },
          },
        },
        invitationExpiresIn: 60 * 60 * 24 * 7,
        // One account cannot fill the organization list; a platform admin has no limit (decision 0060).
        organizationLimit: (user) => organizationLimitReached(database, user),
        // Anyone can sign up with an invitee's address: only its verified owner may answer the invitation.
        requireEmailVerificationOnInvitation: true,
        sendInvitationEmail: async ({ email, role, organization, inviter }) =>
          send(
            mailer,
            invitationEmail({
              to: email,
              organizationName: organization.name,
              inviterName: inviter.user.name,
              inviterEmail: inviter.user.email,
              role,
              url: `${publicUrl.origin}/profile`,
            }),
          ),
      }),
      // Before the invitation guard: an invitation these rules refuse counts against no limit.
      organizationRules(database),
      invitationGuard({ config, redis }),
      teamPermissions(),
      ...twoFactorPlugins(database),
      // Right after them: the other ways in ask for the second factor too, before later hooks see a session.
      holdForSecondFactor('hold-for-second-factor', {
        ...byMail.heldPaths,
        [CALLBACK_PATH]: { kind: 'redirect', to: SECOND_FACTOR_PAGE },
      }),
      signUpRace(),
      passwordGuard({ config, mailer, logger, redis }),
      passwordCheckLimit({ config, redis }),
      resetLinks(),
      // Before anonymous(): a refused provider sign-in never reaches the guest's upgrade.
      providers.plugin,
      // A guest who signs up or signs in keeps their work (decision 0038).
      anonymous({ onLinkAccount: guests.onLinkAccount }),
      guests.afterSecondFactor,
      // After anonymous(): its sign-in hook reads the session the browser held, which this one ends.
      freshSession(),
      accountDeletion(database, audit),
      passkey({ rpID: publicUrl.hostname, rpName: 'Gatehouse', origin: publicUrl.origin }),
      passkeyGuard(),
      // After the two-factor plugin: a sign-in held for its second factor is none yet.
      alerts,
      apiKey({
        // The plugin's default (10 verifications a day) would lock a key out after ten calls.
        rateLimit: {
          enabled: true,
          timeWindow: API_KEY_RATE_LIMIT.timeWindowMs,
          maxRequests: API_KEY_RATE_LIMIT.maxRequests,
        },
        // defaultExpiresIn is read as seconds by the plugin (its doc says milliseconds); min/max are days.
        keyExpiration: { defaultExpiresIn: API_KEY_DEFAULT_EXPIRES_IN_SECONDS, minExpiresIn: 1, maxExpiresIn: 365 },
      }),
      // Arrays of plugins go last: the plugins typed after a spread array add nothing to the types.
      ...byMail.plugins,
      ...openIdProvider({ config, database, redis, basePath: AUTH_BASE_PATH }),
      // The reference page loads its viewer from a CDN, unpinned: never on a production origin.
      openAPI({ path: '/reference', disableDefaultReference: config.nodeEnv === 'production' }),
      // Last: it records the answer as the other plugins left it.
      trail.end,
      // Only what turns a recorded refusal into a page for the browser comes after it.
      ...byMail.lastPlugins,
    ],
  });
  rules.options = auth.options;
  // Before any request: the reused router and every API call wait on the context after this.
  auth.$context.then(
    (context) => transactionFromUserCreation(context.adapter),
    () => {},
  );
  // Every request of a signed-in person reads the session: done directly, Better Auth's router
  // skipped, whenever nothing is to be written (decision 0022).
  const store = redis ? { redis, keyPrefix: REDIS_KEY_PREFIX } : undefined;
  const readSession = createSessionReader(auth.$context, database, store);
  const readUserInfo = userInfoReader(database, organizationsClaim(database));
  return Object.assign(auth, {
    handler: withOneWrongCodeAnswer(
      withMemberEndpointTurns(database, AUTH_BASE_PATH, reusedRouterHandler(auth), readSession),
      AUTH_BASE_PATH,
    ),
    readSession,
    readUserInfo,
    /** Records a request refused before its endpoint ran (the after hooks never saw it). */
    auditRefusal: (request: Request, response: Response) =>
      trail.recordRefusal(request, response, {
        basePath: AUTH_BASE_PATH,
        options: auth.options,
        // Who a refused request's cookie signs in, as the session check reads it (a session due for
        // its refresh reads as nobody: recording never writes).
        userOf: async (headers) => {
          const read = await readSession(headers);
          if (read.kind !== 'signed-in') return undefined;
          return { userId: read.user.id, impersonatedBy: read.session.impersonatedBy ?? undefined };
        },
      }),
    /** Waits for the work requests left behind (alert mails, audit events): for shutdown and tests. */
    settle: async () => {
      await alerts.settled();
      await audit.flush();
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
