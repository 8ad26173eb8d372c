import type { GenericEndpointContext } from '@better-auth/core';
import type { Session, User } from 'better-auth';
import { APIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Database } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { MAIL_SIGN_IN_PATHS } from '../auth-paths';
import { GUEST_UPGRADE_ERROR_CODES } from './error-codes';
import { linkAskedBy } from './mailed-links';
import { moveGuestWork } from './move-guest-work';

/** A session and its user, as Better Auth hands them to hooks. */
export interface SignedIn {
  session: Session & Record<string, any>;
  user: User & Record<string, any>;
}

/** Moves a guest's work to the account just signed in to; Better Auth (or the caller) then deletes the guest. */
export type GuestLink = (ctx: GenericEndpointContext, guest: SignedIn, account: SignedIn) => Promise<void>;

/** The link's own error page (checked as Better Auth checks it), with the refusal's code. */
function errorPage(ctx: GenericEndpointContext, code: string): string {
  const asked = (ctx.query as { errorCallbackURL?: unknown } | undefined)?.errorCallbackURL;
  const page =
    typeof asked === 'string' && ctx.context.isTrustedOrigin(asked, { allowRelativePaths: true }) ? asked : '/auth';
  const url = new URL(page, ctx.context.baseURL);
  url.searchParams.set('error', code);
  return url.href;
}

export function createGuestLink({ database, logger }: { database: Database; logger: Logger }): GuestLink {
  /**
   * Undoes the sign-in rather than lose the guest's work: the account's new session ends, the
   * browser gets the guest's cookie back, and the guest (whom Better Auth deletes only after a
   * successful link) stays.
   */
  const refuse = async (ctx: GenericEndpointContext, guest: SignedIn, account: SignedIn) => {
    await ctx.context.internalAdapter
      .deleteSession(account.session.token)
      .catch((error: unknown) =>
        logger.warn('new session left after a refused guest upgrade', { error: String(error) }),
      );
    await setSessionCookie(ctx, guest);
  };

  return async (ctx, guest, account) => {
    const ids = { guestId: guest.user.id, accountId: account.user.id };
    if (ctx.path === MAIL_SIGN_IN_PATHS.followLink && !(await linkAskedBy(ctx, guest.user.id))) {
      // A link someone else asked for, opened in the guest's browser: no sign-in, nothing moved. The
      // browser followed a link, so it is sent on to the page that says why (a refusal would keep
      // the link's redirect to the account).
      await refuse(ctx, guest, account);
      throw ctx.redirect(errorPage(ctx, GUEST_UPGRADE_ERROR_CODES.GUEST_LINK_ASKED_ELSEWHERE.code));
    }
    if (guest.session.impersonatedBy) {
      // An admin acting as a guest may not hand the guest's work to another account.
      await refuse(ctx, guest, account);
      throw APIError.from('FORBIDDEN', GUEST_UPGRADE_ERROR_CODES.NOT_WHILE_IMPERSONATING);
    }
    let moved;
    try {
      moved = await moveGuestWork(database, guest.user.id, account.user.id);
    } catch (error) {
      // Nothing moved: it is one transaction.
      logger.error('guest work could not be moved', { ...ids, error: String(error) });
      await refuse(ctx, guest, account);
      throw APIError.from('SERVICE_UNAVAILABLE', GUEST_UPGRADE_ERROR_CODES.GUEST_WORK_NOT_MOVED);
    }
    logger.info('guest work moved', { ...ids, ...moved, image: moved.image !== null });
    if (moved.image && ctx.context.secondaryStorage) {
      // Sessions kept in Redis carry their user: written through Better Auth, they show the picture too.
      await ctx.context.internalAdapter
        .updateUser(account.user.id, { image: moved.image })
        .catch((error: unknown) => logger.warn('stored sessions keep the old picture', { error: String(error) }));
    }
  };
}
