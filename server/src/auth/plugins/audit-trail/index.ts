import { getIP } from '@better-auth/core/utils/ip';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { AuditEventInput, AuditLog } from '../../../audit/audit-log';
import type { Database } from '../../../db/database';
import { AUDITED_PATHS, ATTEMPT_PATHS, SIGN_IN_METHODS } from './actions';

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
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});
const isAudited = (path: string | undefined) => !!path && (path in AUDITED_PATHS || path in SIGN_IN_METHODS);
const isCodeStep = (path: string) => path.startsWith('/two-factor/verify-');

/**
 * Records every sign-in, account, organization, team and admin action that goes through Better Auth
 * in the audit trail (decision 0041): who acted (the admin behind an impersonation), whose account
 * it was about, the organization, the address and browser, and how it ended. Recording runs after
 * the endpoint and never holds up or changes its answer.
 */
export function auditTrail({ audit, database }: { audit: AuditLog; database: Database }) {
  // Keyed by the request's headers, the one object the hooks of a request share.
  const before = new WeakMap<object, Before>();

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
    if (path in SIGN_IN_METHODS && !isCodeStep(path)) return { signedIn: false };
    if (path === '/sign-up/email') return { signedIn: false };
    const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
    if (session) {
      const impersonatedBy = text(session.session.impersonatedBy);
      return { userId: session.user.id, signedIn: true, impersonatedBy, organizationId };
    }
    if (isCodeStep(path)) return { userId: await pendingSignInUser(ctx), signedIn: false };
    if (path === '/reset-password' && text(body.token)) {
      const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
      return { userId: verification?.value, signedIn: false };
    }
    return { signedIn: false, organizationId };
  };

  /** The event of a finished request, or null when there is nothing to record. */
  const eventOf = (ctx: HookContext, seen: Before): (AuditEventInput & { email?: string }) | null => {
    const path = ctx.path ?? '';
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const answer = failed ? {} : fieldsOf(returned);
    const body = fieldsOf(ctx.body);
    let action = AUDITED_PATHS[path];
    if (isCodeStep(path)) {
      // With a session, the code confirms a new authenticator: two-factor goes on.
      if (seen.signedIn) action = path === '/two-factor/verify-totp' ? 'two_factor.enable' : undefined;
      else action = 'user.sign_in';
    }
    if (!action) return null;
    const newUserId = ctx.context.newSession?.user.id;
    const signedInUser = seen.signedIn ? seen.userId : undefined;
    const actorId = seen.impersonatedBy ?? signedInUser ?? newUserId;
    const created = action === 'admin.user_create' ? text(fieldsOf(answer.user).id) : undefined;
    const targetUserId = text(body.userId) ?? created ?? seen.userId ?? newUserId;
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
      ipAddress: getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options),
      userAgent: ctx.headers?.get('user-agent'),
      email,
      details: {
        method: action === 'user.sign_in' ? SIGN_IN_METHODS[path] : undefined,
        code: failed ? text(fieldsOf(returned.body).code) : undefined,
        status: failed ? returned.statusCode : undefined,
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

  return {
    id: 'audit-trail',
    hooks: {
      before: [
        {
          matcher: (ctx) => isAudited(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const key = ctx.headers ?? ctx.request;
            if (!key) return;
            before.set(key, await readBefore(ctx).catch(() => ({ signedIn: false })));
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => isAudited(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const key = ctx.headers ?? ctx.request;
            const event = eventOf(ctx, (key && before.get(key)) ?? { signedIn: false });
            if (!event) return;
            const { email, ...recorded } = event;
            if (recorded.targetUserId || !email) return audit.record(recorded);
            // An attempt on an address: whose account it is, looked up after the answer is on its way.
            audit.recordWhen(
              ctx.context.internalAdapter
                .findUserByEmail(email.toLowerCase())
                .then((found) => ({ ...recorded, targetUserId: found?.user.id })),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
