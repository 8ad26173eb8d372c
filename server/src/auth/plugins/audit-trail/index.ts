import { getIP } from '@better-auth/core/utils/ip';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { AuditEventInput, AuditLog } from '../../../audit/audit-log';
import type { Database } from '../../../db/database';
import { AUDITED_PATHS, ATTEMPT_PATHS, SIGN_IN_METHODS } from './actions';
import { isSecondFactor } from '../../sign-in-methods';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Fields = Record<string, unknown>;

/** Who stood behind a request before its endpoint ran (a sign-out or a deletion ends the session). */
interface Before {
  /** The signed-in user, or the one a pending two-factor sign-in or a reset link is for. */
  userId?: string | undefined;
  signedIn: boolean;
  impersonatedBy?: string | undefined;
  /** The organization of the team a team endpoint names (the team may be gone afterwards). */
  organizationId?: string | undefined;
  /** Whose session an admin's revoke-user-session names by its token (the session is gone afterwards). */
  sessionOwnerId?: string | undefined;
}

/** A finished request as the event is made from it: by the after hook, or from its refusal. */
interface Finished {
  path: string;
  body: Fields;
  /** The answer's fields when it succeeded. */
  answer: Fields;
  failure?: { code: string | undefined; status: number } | undefined;
  newUserId?: string | undefined;
  ipAddress: string | null;
  userAgent: string | null | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});
const isAudited = (path: string | undefined) => !!path && (path in AUDITED_PATHS || path in SIGN_IN_METHODS);
const REVOKE_USER_SESSION = '/admin/revoke-user-session';

/**
 * Records every sign-in, account, organization, team and admin action that goes through Better Auth
 * in the audit trail (decision 0041): who acted (the admin behind an impersonation), whose account
 * it was about, the organization, the address and browser, and how it ended. Recording runs after
 * the endpoint and never holds up or changes its answer. Two plugins: `start` first of all, `end`
 * last; `recordRefusal` is for the HTTP handler.
 */
export function auditTrail({ audit, database }: { audit: AuditLog; database: Database }) {
  const pendingSignInUser = async (ctx: HookContext) => {
    const cookie = ctx.context.createAuthCookie('two_factor');
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
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
    if (path in SIGN_IN_METHODS && !isSecondFactor(path)) return { signedIn: false };
    if (path === '/sign-up/email') return { signedIn: false };
    const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
    if (session) {
      const impersonatedBy = text(session.session.impersonatedBy);
      const token = path === REVOKE_USER_SESSION ? text(body.sessionToken) : undefined;
      const sessionOwnerId = token ? (await ctx.context.internalAdapter.findSession(token))?.user.id : undefined;
      return { userId: session.user.id, signedIn: true, impersonatedBy, organizationId, sessionOwnerId };
    }
    if (isSecondFactor(path)) return { userId: await pendingSignInUser(ctx), signedIn: false };
    if (path === '/reset-password' && text(body.token)) {
      const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
      return { userId: verification?.value, signedIn: false };
    }
    return { signedIn: false, organizationId };
  };

  /** The event of a finished request, or null when there is nothing to record. */
  const eventOf = (
    { path, body, answer, failure, newUserId, ipAddress, userAgent }: Finished,
    seen: Before,
  ): (AuditEventInput & { email?: string }) | null => {
    const failed = failure !== undefined;
    let action = AUDITED_PATHS[path];
    if (isSecondFactor(path)) {
      // With a session, the code confirms a new authenticator: two-factor goes on.
      if (seen.signedIn) action = path === '/two-factor/verify-totp' ? 'two_factor.enable' : undefined;
      else action = 'user.sign_in';
    }
    if (!action) return null;
    const signedInUser = seen.signedIn ? seen.userId : undefined;
    const actorId = seen.impersonatedBy ?? signedInUser ?? newUserId;
    const created = action === 'admin.user_create' ? text(fieldsOf(answer.user).id) : undefined;
    // A member is named by a member id or an email: their user is in the answer (unknown on a failure).
    const aboutMember = action === 'member.remove' || action === 'member.role';
    const member = aboutMember ? (text(fieldsOf(answer.member).userId) ?? text(answer.userId)) : undefined;
    // A session is named by its token: its owner is named once it is revoked, never on a refusal,
    // which must not tell whoever sent a token whose it is.
    const sessionOwner = failed ? undefined : seen.sessionOwnerId;
    const targetUserId =
      path === REVOKE_USER_SESSION
        ? sessionOwner
        : (text(body.userId) ?? created ?? (aboutMember ? member : (seen.userId ?? newUserId)));
    const email = path === '/sign-in/email' || path === '/request-password-reset' ? text(body.email) : undefined;
    if (failed && !actorId && !targetUserId && !ATTEMPT_PATHS.has(path)) return null;
    const invitation = fieldsOf(answer.invitation);
    return {
      action,
      outcome: failed ? 'failure' : answer.twoFactorRedirect ? 'pending' : 'success',
      actorId,
      targetUserId,
      organizationId:
        text(body.organizationId) ??
        seen.organizationId ??
        text(answer.organizationId) ??
        text(invitation.organizationId) ??
        (action === 'organization.create' ? text(answer.id) : undefined),
      ipAddress,
      userAgent,
      email,
      details: {
        method: action === 'user.sign_in' ? SIGN_IN_METHODS[path] : undefined,
        code: failure?.code,
        status: failure?.status,
        email,
        impersonating: seen.impersonatedBy ? seen.userId : undefined,
        role: text(body.role),
        teamId: text(body.teamId),
        invitationId: text(body.invitationId),
        keyId: text(body.keyId),
        passkeyId: path.startsWith('/passkey/') ? text(body.id) : undefined,
        reason: text(body.reason) ?? text(body.banReason),
      },
    };
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
  /** The same, by the request the HTTP handler passed on, for the refusals no after hook sees. */
  const startedBy = new WeakMap<Request, Started>();
  const requestOf = (ctx: HookContext) => ({
    path: ctx.path ?? '',
    body: fieldsOf(ctx.body),
    ipAddress: getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options),
    userAgent: ctx.headers?.get('user-agent'),
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
          {
            matcher: (ctx) => isAudited(ctx.path),
            handler: createAuthMiddleware(async (ctx) => {
              const key = ctx.headers ?? ctx.request;
              if (!key) return;
              const seen = await readBefore(ctx).catch(() => ({ signedIn: false }));
              const entry = { seen, request: requestOf(ctx), adapter: ctx.context.internalAdapter, recorded: false };
              started.set(key, entry);
              if (ctx.request) startedBy.set(ctx.request, entry);
            }),
          },
        ],
      },
    } satisfies BetterAuthPlugin,
    /** Last of the plugins: records the answer as the other plugins left it. */
    end: {
      id: 'audit-trail',
      hooks: {
        after: [
          {
            matcher: (ctx) => isAudited(ctx.path),
            handler: createAuthMiddleware(async (ctx) => {
              const key = ctx.headers ?? ctx.request;
              const entry = key ? started.get(key) : undefined;
              if (entry) entry.recorded = true;
              const returned = ctx.context.returned;
              const failed = isAPIError(returned);
              const finished: Finished = {
                ...requestOf(ctx),
                answer: failed ? {} : fieldsOf(returned),
                failure: failed ? { code: text(fieldsOf(returned.body).code), status: returned.statusCode } : undefined,
                newUserId: ctx.context.newSession?.user.id,
              };
              const event = eventOf(finished, entry?.seen ?? { signedIn: false });
              if (event && (event.targetUserId || !event.email)) return audit.record(event);
              audit.recordWhen(complete(event, ctx.context.internalAdapter));
            }),
          },
        ],
      },
    } satisfies BetterAuthPlugin,
    /**
     * A request refused by another plugin's before hook (the last-owner rule, the impersonation guard,
     * a missing reason) never reaches the after hooks: its event is made from its answer instead.
     */
    recordRefusal(request: Request, response: Response) {
      const entry = response.status >= 400 ? startedBy.get(request) : undefined;
      if (!entry || entry.recorded) return;
      entry.recorded = true;
      const answer = response
        .clone()
        .json()
        .catch(() => ({}));
      audit.recordWhen(
        answer.then((body: unknown) => {
          const failure = { code: text(fieldsOf(body).code), status: response.status };
          return complete(eventOf({ ...entry.request, answer: {}, failure }, entry.seen), entry.adapter);
        }),
      );
    },
  };
}
