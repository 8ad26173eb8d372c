import type { BetterAuthPlugin } from 'better-auth';
import type { Logger } from '../../../lib/logger';
import { backgroundTasks } from './background';
import { noteSignIn, type SignInAlertDependencies, type WrittenSession } from './note-sign-in';
import { authHook } from '../../auth-hook';

/** Where a person signs in: with the password, with a passkey. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/passkey/verify-authentication']);
/** The second step of a two-factor sign-in; the same paths also confirm a new authenticator app. */
const SECOND_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

type EndpointContext = { path?: string | undefined; context: { session?: unknown } };

/** A request that signs someone in (a code confirming a new app comes from a signed-in person). */
const signsIn = ({ path = '', context }: EndpointContext) =>
  SIGN_IN_PATHS.has(path) || (SECOND_FACTOR_PATHS.has(path) && !context.session);

/**
 * Sign-in alerts (decision 0039): each sign-in of a registered person records the browser and
 * system and the country it came from; one from something new mails the owner, unless they turned
 * alerts off. Sign-ups, guests, impersonations, resets and session renewals are no sign-ins here.
 * Everything happens after the answer, whose speed and outcome it never changes.
 */
export function signInAlerts(dependencies: SignInAlertDependencies & { logger: Logger }) {
  const tasks = backgroundTasks(dependencies.logger);
  // The session a sign-in wrote, by the request's auth context (shared by its hooks): a password
  // sign-in that still needs its second factor writes one and deletes it again.
  const written = new WeakMap<object, WrittenSession>();
  const plugin = {
    id: 'sign-in-alerts',
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              after: async (session, ctx) => {
                if (ctx && signsIn(ctx) && !session.impersonatedBy) written.set(ctx.context, session);
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? '') || SECOND_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: authHook(async (ctx) => {
            const session = written.get(ctx.context);
            const signedIn = ctx.context.newSession;
            // Only the session the answer hands over counts: not one deleted while a code is due.
            if (!session || !signedIn || signedIn.session.id !== session.id || signedIn.user.isAnonymous) return;
            const { id, email, name } = signedIn.user;
            tasks.run('sign-in alert failed', () => noteSignIn(dependencies, session, { id, email, name }));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
  return Object.assign(plugin, {
    /** Resolves once the sign-ins noted so far are recorded and their mails sent (or failed). */
    settled: tasks.settled,
  });
}
