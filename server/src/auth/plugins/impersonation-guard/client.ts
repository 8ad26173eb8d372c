import type { BetterAuthClientPlugin } from 'better-auth/client';
import type { SessionWithImpersonatedBy, UserWithRole } from 'better-auth/plugins';
import type { ImpersonationReasonInput } from '#common/admin';
import type { impersonationGuard } from './index';

/** What starting an impersonation answers: the new session, and the user it acts as. */
export interface ImpersonationStarted {
  session: SessionWithImpersonatedBy;
  user: UserWithRole;
}

/**
 * The console's side of the plugin: `authClient.impersonation.start({ userId, reason })`. The admin
 * plugin's own call types `userId` only; this guard requires `reason` too (and records it), so the
 * start is typed here, with both. The browser loads this file: it imports the server plugin as a
 * type only, never its code.
 */
export const impersonationGuardClient = () =>
  ({
    id: 'impersonation-guard',
    $InferServerPlugin: {} as ReturnType<typeof impersonationGuard>,
    getActions: ($fetch) => ({
      impersonation: {
        start: (body: { userId: string } & ImpersonationReasonInput) =>
          $fetch<ImpersonationStarted>('/admin/impersonate-user', { method: 'POST', body }),
      },
    }),
  }) satisfies BetterAuthClientPlugin;
