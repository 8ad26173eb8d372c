import { getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { AuditLog } from '../../audit/audit-log';
import { authHook, type HookContext } from '../auth-hook';
import { heldSignInUserId } from '../two-factor/hold-for-second-factor';
import { CALLBACK_PATH } from './paths';
import { requestFacts } from './request-facts';

/**
 * How a provider's return was refused: the `error` Better Auth put on the page it sent the browser
 * to, or the code of a refusal answered directly (a malformed return).
 */
function errorOf(ctx: HookContext): string | undefined {
  const returned = ctx.context.returned;
  if (!isAPIError(returned)) return undefined;
  const location = ctx.context.responseHeaders?.get('location');
  if (!location) return String((returned.body as { code?: unknown } | undefined)?.code ?? returned.status);
  try {
    const url = new URL(location, 'http://localhost');
    return url.searchParams.get('error') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records each return from a provider (`/callback/:id`): a sign-in or a sign-up through it, an
 * account linked (from the profile, or joined at sign-in by the verified-address rule), and every
 * refused return with Better Auth's error code. The provider's id is in each event's details.
 */
export function providerAudit({ audit }: { audit: AuditLog }) {
  /** Per request (by its headers, as the audit trail does): who held a session, and what was made. */
  const started = new WeakMap<object, { userId: string | undefined; userCreated?: true; accountCreated?: true }>();
  /** For the user and account database hooks: what this request created. */
  const made =
    (what: 'userCreated' | 'accountCreated') =>
    async (_row: unknown, ctx: { headers?: Headers | undefined; request?: Request | undefined } | null) => {
      const key = ctx?.headers ?? ctx?.request;
      const entry = key ? started.get(key) : undefined;
      if (entry) entry[what] = true;
    };
  const isCallback = (ctx: { path?: string }) => ctx.path === CALLBACK_PATH;
  return {
    afterUserCreate: made('userCreated'),
    afterAccountCreate: made('accountCreated'),
    before: {
      matcher: isCallback,
      handler: authHook(async (ctx) => {
        const key = ctx.headers ?? ctx.request;
        if (!key) return;
        const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
        // A guest signing in through a provider is signing in, not linking.
        const userId =
          session && !(session.user as { isAnonymous?: boolean }).isAnonymous ? session.user.id : undefined;
        started.set(key, { userId });
      }),
    },
    after: {
      matcher: isCallback,
      handler: authHook(async (ctx) => {
        // A return posted by the provider is first sent on to itself, as a GET: that one is recorded.
        if (ctx.context.responseHeaders?.get('location')?.startsWith(`${ctx.context.baseURL}/callback/`)) return;
        const key = ctx.headers ?? ctx.request;
        const seen = key ? started.get(key) : undefined;
        const providerId = String((ctx.params as { id?: unknown } | undefined)?.id ?? '').slice(0, 100);
        const facts = requestFacts(ctx);
        const error = errorOf(ctx);
        const newSession = ctx.context.newSession;
        // Signed in as far as the first factor: the account asks for its second one (decision 0089).
        const heldUserId = error ? undefined : heldSignInUserId(ctx);
        if (heldUserId) {
          audit.record({
            action: seen?.userCreated ? 'user.sign_up' : 'user.sign_in',
            outcome: 'pending',
            actorId: heldUserId,
            targetUserId: heldUserId,
            ...facts,
            details: { method: 'provider', providerId },
          });
          return;
        }
        if (error || (!newSession && !seen?.userId)) {
          audit.record({
            action: seen?.userId ? 'account.link' : 'user.sign_in',
            outcome: 'failure',
            actorId: seen?.userId,
            targetUserId: seen?.userId,
            ...facts,
            details: { method: 'provider', providerId, code: (error ?? 'unknown').slice(0, 100) },
          });
          return;
        }
        if (!newSession) {
          // Only a new account row is a link (the same account linked again changes nothing).
          if (!seen?.accountCreated) return;
          audit.record({
            action: 'account.link',
            outcome: 'success',
            actorId: seen!.userId,
            targetUserId: seen!.userId,
            ...facts,
            details: { providerId },
          });
          return;
        }
        const user = newSession.user;
        const created = seen?.userCreated === true;
        audit.record({
          action: created ? 'user.sign_up' : 'user.sign_in',
          outcome: 'success',
          actorId: user.id,
          targetUserId: user.id,
          ...facts,
          details: { method: 'provider', providerId },
        });
        // An existing account the provider's account joined just now, by the verified-address rule.
        if (!created && seen?.accountCreated) {
          audit.record({
            action: 'account.link',
            outcome: 'success',
            actorId: user.id,
            targetUserId: user.id,
            ...facts,
            details: { providerId, automatic: true },
          });
        }
      }),
    },
  };
}
