import type { BetterAuthOptions } from 'better-auth';

type SessionUpdateHook = NonNullable<
  NonNullable<NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['session']>['update']>['before']
>;

/**
 * The end of an impersonation never moves. Better Auth pushes a session's expiry a week on once a
 * day, unless the browser holds the "don't remember me" cookie that impersonate-user sets: a client
 * that dropped it would otherwise turn an hour's impersonation into a week's. The refresh runs inside
 * the request that read the session, so that session is the one being renewed.
 */
export const keepImpersonationEnd: SessionUpdateHook = async (data, ctx) => {
  const current = ctx?.context.session?.session as { impersonatedBy?: string | null; expiresAt: Date } | undefined;
  if (data.expiresAt === undefined || !current?.impersonatedBy) return;
  return { data: { ...data, expiresAt: current.expiresAt } };
};
