import type { BetterAuthOptions } from 'better-auth';
import { PASSWORD_PROVIDER_ID } from '#common/linked-identities';

type AccountCreateBefore = NonNullable<
  NonNullable<NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['account']>['create']>['before']
>;

/**
 * Keeps, on each account linked from a provider, the address it was linked with (`providerEmail`,
 * an account field of ours: Better Auth's account has none). That address is the person's own at
 * that moment in every case our linking rule allows (decision 0085): a sign-up takes the provider's
 * address, an automatic link needs the same address on both sides, and a link from the profile
 * needs the provider to give the person's address. So it is read from the user, in the same
 * transaction as the account row, rather than passed along from the provider's answer.
 */
export const storeProviderEmail: AccountCreateBefore = async (account, ctx) => {
  if (account.providerId === PASSWORD_PROVIDER_ID || !ctx) return;
  const user = await ctx.context.internalAdapter.findUserById(account.userId);
  if (!user) return;
  return { data: { ...account, providerEmail: user.email } };
};
