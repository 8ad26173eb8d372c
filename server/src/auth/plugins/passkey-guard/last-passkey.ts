import { APIError, getSessionFromCtx } from 'better-auth/api';
import { authHook } from '../../auth-hook';
import { PASSKEY_GUARD_ERROR_CODES } from './error-codes';

export const DELETE_PASSKEY_PATH = '/passkey/delete-passkey';

interface Row {
  id: string;
  userId: string;
}

/**
 * Refuses deleting a passkey that is the account's last way to sign in: no password and no other
 * passkey. Someone else's passkey, or a missing one, is left to the endpoint's own answer.
 */
export const refuseLastPasskey = {
  matcher: (ctx: { path?: string }) => ctx.path === DELETE_PASSKEY_PATH,
  handler: authHook(async (ctx) => {
    const id = (ctx.body as { id?: unknown } | undefined)?.id;
    const session = await getSessionFromCtx(ctx);
    if (typeof id !== 'string' || !session) return;
    const userId = session.user.id;
    const passkeys = await ctx.context.adapter.findMany<Row>({
      model: 'passkey',
      where: [{ field: 'userId', value: userId }],
    });
    if (!passkeys.some((passkey) => passkey.id === id) || passkeys.length > 1) return;
    // Any account row (a password, or a provider) is another way in; a guest has none.
    const accounts = await ctx.context.internalAdapter.findAccounts(userId);
    const otherWayIn = accounts.some((account) => account.providerId !== 'credential' || Boolean(account.password));
    if (otherWayIn) return;
    throw APIError.from('BAD_REQUEST', PASSKEY_GUARD_ERROR_CODES.LAST_SIGN_IN_METHOD);
  }),
};
