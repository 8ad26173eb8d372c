import { getIP } from '@better-auth/core/utils/ip';
import type { BetterAuthPlugin } from 'better-auth';
import { getSessionFromCtx, isAPIError } from 'better-auth/api';
import { parseSetCookieHeader } from 'better-auth/cookies';
import type { AuditLog } from '../../../audit/audit-log';
import type { Database } from '../../../db/database';
import { authHook, type HookContext } from '../../auth-hook';
import { isCodeStep, isSignInStep, twoFactorCookieName } from '../../auth-paths';
import {
  eventOf,
  fieldsOf,
  isAudited,
  REVOKE_USER_SESSION,
  text,
  TOKEN_PATH,
  type Before,
  type Finished,
} from './events';
import { tokenRequestClientId } from './token-requests';
import { routerRefusalEvent, type RefusalReader } from './router-refusals';

/** The `error` a redirect's destination names (a mailed link's error page), if any. */
function redirectErrorOf(headers: ConstructorParameters<typeof Headers>[0]): string | undefined {
  const location = new Headers(headers).get('location');
  if (!location) return undefined;
  return new URL(location, 'http://redirect.invalid').searchParams.get('error') ?? undefined;
}

/** Whether this answer opens a sign-in pending its second factor (it sets the two-factor cookie). */
const opensSecondFactor = (ctx: HookContext) =>
  !!parseSetCookieHeader(ctx.context.responseHeaders?.get('set-cookie') ?? '').get(twoFactorCookieName(ctx.context))
    ?.value;

/** A hook on the audited paths only: the others pay for no context of ours. */
const onAuditedPaths = (handler: (ctx: HookContext) => Promise<void>) => ({
  matcher: (ctx: { path?: string }) => isAudited(ctx.path),
  handler: authHook(handler),
});

/**
 * Records every sign-in, account, organization, team and admin action that goes through Better Auth
 * in the audit trail (decision 0041): who acted (the admin behind an impersonation), whose account
 * it was about, the organization, the address and browser, and how it ended. Recording runs after
 * the endpoint and never holds up or changes its answer. Two plugins: `start` first of all, `end`
 * last; `recordRefusal` is for the HTTP handler.
 */
export function auditTrail({ audit, database }: { audit: AuditLog; database: Database }) {
  const pendingSignInUser = async (ctx: HookContext) => {
    const identifier = await ctx.getSignedCookie(twoFactorCookieName(ctx.context), ctx.context.secret);
    return identifier ? (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value : undefined;
  };
  const teamOrganization = async (teamId: string | undefined) =>
    teamId
      ? (await database.db.selectFrom('team').select('organizationId').where('id', '=', teamId).executeTakeFirst())
          ?.organizationId
      : undefined;

  const readBefore = async (ctx: HookContext): Promise<Before> => {
    const path = ctx.path ?? '';
    const body = fieldsOf(ctx.body);
    const organizationId = path.startsWith('/team-permissions/')
      ? await teamOrganization(text(body.teamId))
      : undefined;
    // A sign-in or sign-up says who it is for in its answer; reading a session first would cost it time.
    if (isSignInStep(path) && !isCodeStep(path)) return { signedIn: false };
    // An application asks for tokens with its credentials, never with a person's cookie.
    if (path === TOKEN_PATH) return { signedIn: false };
    if (path === '/sign-up/email') return { signedIn: false };
    const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
    if (session) {
      const impersonatedBy = text(session.session.impersonatedBy);
      const token = path === REVOKE_USER_SESSION ? text(body.sessionToken) : undefined;
      const sessionOwnerId = token ? (await ctx.context.internalAdapter.findSession(token))?.user.id : undefined;
      return { userId: session.user.id, signedIn: true, impersonatedBy, organizationId, sessionOwnerId };
    }
    if (isCodeStep(path)) return { userId: await pendingSignInUser(ctx), signedIn: false };
    if (path === '/reset-password' && text(body.token)) {
      const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
      return { userId: verification?.value, signedIn: false };
    }
    return { signedIn: false, organizationId };
  };

  type Adapter = HookContext['context']['internalAdapter'];
  interface Started {
    seen: Before;
    request: Omit<Finished, 'answer'>;
    adapter: Adapter;
    recorded: boolean;
  }
  /** By the headers of one endpoint call, the one object its hooks share (each call has its own). */
  const started = new WeakMap<object, Started>();
  const startedFor = (ctx: HookContext) => {
    const key = ctx.headers ?? ctx.request;
    return key ? started.get(key) : undefined;
  };
  /** The same, by the request the HTTP handler passed on, for the refusals no after hook sees. */
  const startedBy = new WeakMap<Request, Started>();
  const requestOf = (ctx: HookContext) => ({
    path: ctx.path ?? '',
    body: fieldsOf(ctx.body),
    // A call the server makes itself has no address of its own (Better Auth would say 127.0.0.1 in
    // development and tests): the person it is made for is named by the route instead.
    ipAddress: ctx.request || ctx.headers ? getIP(ctx.request ?? ctx.headers!, ctx.context.options) : null,
    userAgent: ctx.headers?.get('user-agent'),
    clientId: ctx.path === TOKEN_PATH ? tokenRequestClientId(ctx.headers, fieldsOf(ctx.body)) : undefined,
  });
  /** The event with whose account an attempt on an address was (looked up after the answer left). */
  const complete = async (event: ReturnType<typeof eventOf>, adapter: Adapter) => {
    if (!event) return null;
    const { email, ...recorded } = event;
    if (recorded.targetUserId || !email) return recorded;
    return { ...recorded, targetUserId: (await adapter.findUserByEmail(email.toLowerCase()))?.user.id };
  };

  return {
    /** First of the plugins: who asks, read before another plugin's hook may refuse the request. */
    start: {
      id: 'audit-trail-start',
      hooks: {
        before: [
          onAuditedPaths(async (ctx) => {
            const key = ctx.headers ?? ctx.request;
            if (!key) return;
            const seen = await readBefore(ctx).catch(() => ({ signedIn: false }));
            const entry = { seen, request: requestOf(ctx), adapter: ctx.context.internalAdapter, recorded: false };
            started.set(key, entry);
            if (ctx.request) startedBy.set(ctx.request, entry);
          }),
        ],
      },
    } satisfies BetterAuthPlugin,
    /** Last of the plugins: records the answer as the other plugins left it. */
    end: {
      id: 'audit-trail',
      hooks: {
        after: [
          onAuditedPaths(async (ctx) => {
            const entry = startedFor(ctx);
            if (entry) entry.recorded = true;
            const returned = ctx.context.returned;
            // A link followed in a browser answers by a redirect: to the page that says why it failed
            // (`?error=`), to the second factor (a pending sign-in's cookie set), or on.
            const redirect = isAPIError(returned) && returned.statusCode >= 300 && returned.statusCode < 400;
            const redirectError = redirect ? redirectErrorOf(returned.headers) : undefined;
            const failed = isAPIError(returned) && (!redirect || redirectError !== undefined);
            const finished: Finished = {
              ...requestOf(ctx),
              answer: failed ? {} : redirect ? { twoFactorRedirect: opensSecondFactor(ctx) } : fieldsOf(returned),
              failure: failed
                ? {
                    code: redirectError ?? text(fieldsOf(returned.body).code),
                    status: returned.statusCode,
                    // An OAuth endpoint's refusal names its error so (RFC 6749 §5.2).
                    error: text(fieldsOf(returned.body).error),
                  }
                : undefined,
              newUserId: ctx.context.newSession?.user.id,
            };
            const event = eventOf(finished, entry?.seen ?? { signedIn: false });
            if (event && (event.targetUserId || !event.email)) return audit.record(event);
            audit.recordWhen(complete(event, ctx.context.internalAdapter));
          }),
        ],
      },
    } satisfies BetterAuthPlugin,
    /**
     * A request refused by another plugin's before hook (the last-owner rule, the impersonation guard,
     * a missing reason) never reaches the after hooks: its event is made from its answer instead.
     */
    recordRefusal(request: Request, response: Response, reader: RefusalReader) {
      if (response.status < 400) return;
      const entry = startedBy.get(request);
      if (!entry) {
        // Only a 403 can be the router's refusal: every other answer no hook saw is left at once.
        if (response.status === 403) audit.recordWhen(routerRefusalEvent(request, response, reader));
        return;
      }
      if (entry.recorded) return;
      entry.recorded = true;
      const answer = response
        .clone()
        .json()
        .catch(() => ({}));
      audit.recordWhen(
        answer.then((body: unknown) => {
          const failure = {
            code: text(fieldsOf(body).code),
            status: response.status,
            error: text(fieldsOf(body).error),
          };
          return complete(eventOf({ ...entry.request, answer: {}, failure }, entry.seen), entry.adapter);
        }),
      );
    },
  };
}
