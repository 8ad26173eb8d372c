import type { AnonymousOptions } from 'better-auth/plugins';
import type { Database } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { createGuestLink } from './link';
import { guestUpgradeAfterSecondFactor } from './second-factor';

type OnLinkAccount = NonNullable<AnonymousOptions['onLinkAccount']>;

/**
 * A guest who signs up or signs in keeps their work (decision 0038): `onLinkAccount` for Better
 * Auth's anonymous plugin, which then deletes the emptied guest, and a plugin of ours for the
 * sign-ins that finish with a second factor, which that plugin leaves alone.
 */
export function guestUpgrade(dependencies: { database: Database; logger: Logger }) {
  const link = createGuestLink(dependencies);
  const onLinkAccount: OnLinkAccount = async ({ anonymousUser, newUser, ctx }) => {
    if (newUser.user.isAnonymous || newUser.user.id === anonymousUser.user.id) return;
    await link(ctx, anonymousUser, newUser);
  };
  return { onLinkAccount, afterSecondFactor: guestUpgradeAfterSecondFactor(link, dependencies.logger) };
}
