import type { BetterAuthPlugin } from 'better-auth';
import type { Logger } from '../../../lib/logger';
import { backgroundTasks } from './background';
import { noteSignIn, type SignInAlertDependencies, type WrittenSession } from './note-sign-in';
import { authHook } from '../../auth-hook';
import { isSignInStep, signsIn } from '../../auth-paths';

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
                if (ctx && signsIn(ctx.path, !!ctx.context.session) && !session.impersonatedBy)
                  written.set(ctx.context, session);
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          // Every way in; a guest's sign-in writes an anonymous user, left out below.
          matcher: (ctx) => isSignInStep(ctx.path),
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
