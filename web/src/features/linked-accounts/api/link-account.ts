import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';

/**
 * The query the profile is opened with when a link comes back refused: Better Auth adds its `error`
 * beside it, which the Linked accounts card then shows in words (and the profile's own mailed-link
 * message stays out of it).
 */
export const LINK_RETURN_PARAM = 'linking';

const profileUrl = (query = '') => new URL(`${paths.profile}${query}`, window.location.origin).href;

/**
 * Starts linking the provider's account: the browser leaves for the provider and comes back to the
 * profile (Better Auth's client follows its answer). The provider must give the person's own
 * address, verified.
 */
export const linkAccount = (provider: string) =>
  unwrap(
    authClient.linkSocial({
      provider,
      callbackURL: profileUrl(),
      errorCallbackURL: profileUrl(`?${LINK_RETURN_PARAM}=1`),
    }),
    'Failed to link the account',
  );

export const useLinkAccount = () => useMutation({ mutationFn: linkAccount });
