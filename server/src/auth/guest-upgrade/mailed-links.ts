import crypto from 'node:crypto';
import type { GenericEndpointContext } from '@better-auth/core';
import { getSessionFromCtx } from 'better-auth/api';

/**
 * Which guest asked for a sign-in link, by the link's token (hashed: the record is no key to the
 * link). Following a link signs in whatever browser opens it, and a guest who signs in hands their
 * work to the account: without this, anyone could ask for a link to their own account and have a
 * guest open it (a page that navigates there is enough), taking the guest's work.
 */
const recordOf = (token: string) => `guest-link-${crypto.createHash('sha256').update(token).digest('hex')}`;

/** When a guest asks for a link: remembers them for the link's life. */
export async function rememberGuestOfLink(ctx: GenericEndpointContext, token: string, expiresInSeconds: number) {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
  if (!session?.user.isAnonymous) return;
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: recordOf(token),
    value: session.user.id,
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
  });
}

/** Whether the link being followed was asked for by this guest (read once). */
export async function linkAskedBy(ctx: GenericEndpointContext, guestId: string): Promise<boolean> {
  const token = (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return false;
  const record = await ctx.context.internalAdapter.findVerificationValue(recordOf(token));
  if (!record) return false;
  await ctx.context.internalAdapter.deleteVerificationByIdentifier(recordOf(token));
  return record.value === guestId && new Date(record.expiresAt).getTime() > Date.now();
}
