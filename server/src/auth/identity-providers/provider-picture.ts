import type { BetterAuthOptions } from 'better-auth';
import type { Logger } from '../../lib/logger';
import { CALLBACK_PATH } from './paths';
import { fetchPicture, type PictureFetchRules } from './picture-fetch';

type UserHooks = NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['user']>;
type CreateBefore = NonNullable<NonNullable<UserHooks['create']>['before']>;
type CreateAfter = NonNullable<NonNullable<UserHooks['create']>['after']>;

/** The avatar pipeline (routes/files/avatar-store.ts), handed in: stores the picture and answers its URL. */
export type StoreAvatar = (userId: string, bytes: Uint8Array) => Promise<string>;

/**
 * The picture of someone who signs up through a provider, made ours: fetched once (picture-fetch's
 * rules), then re-encoded and stored by the avatar pipeline as an upload would be, and the account
 * pointed at our copy. The provider's URL is never kept (it would tell the provider of every view
 * of the profile). A picture that cannot be fetched or read leaves the account without one; the
 * sign-up goes on.
 */
export function providerPictures({
  logger,
  storeAvatar,
  rules,
}: {
  logger: Logger;
  storeAvatar: StoreAvatar;
  rules: PictureFetchRules;
}) {
  /** The picture fetched before the user row, by the request creating it, for the after hook. */
  const pending = new WeakMap<object, Uint8Array>();

  const beforeCreate: CreateBefore = async (user, ctx) => {
    if (ctx?.path !== CALLBACK_PATH || typeof user.image !== 'string' || !user.image) return;
    try {
      pending.set(ctx, await fetchPicture(user.image, rules));
    } catch (error) {
      logger.info('provider picture not taken', { error: String(error) });
    }
    return { data: { ...user, image: null } };
  };

  const afterCreate: CreateAfter = async (user, ctx) => {
    const bytes = ctx ? pending.get(ctx) : undefined;
    if (!bytes || !ctx) return;
    pending.delete(ctx);
    try {
      const image = await storeAvatar(user.id, bytes);
      await ctx.context.internalAdapter.updateUser(user.id, { image });
    } catch (error) {
      logger.info('provider picture not stored', { userId: user.id, error: String(error) });
    }
  };

  return { beforeCreate, afterCreate };
}
