import { toRequestError } from '@/lib/errors';

/**
 * The whole Better Auth client is a large download that showing /auth does not need: the sign-in
 * calls fetch it when first used (the form asks for it as soon as someone starts filling it in).
 * When it cannot be fetched, the call fails as one that got no answer.
 */
export const loadAuthClient = () =>
  import('@/lib/auth-client').then(
    (module) => module.authClient,
    (caught: unknown) => {
      throw toRequestError(caught, 'An error occurred');
    },
  );
