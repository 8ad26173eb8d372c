import { toRequestError } from './errors';

/**
 * The Better Auth client (`authClient`), loaded when first used: the one lazy way to it, for the
 * screens a visitor sees before signing in (/auth, the password reset pages). The whole client is a
 * download that showing /auth cannot afford within its budget (decision 0070); the sign-in form asks
 * for it as soon as someone starts filling it in. When it cannot be fetched, the call fails as one
 * that got no answer. Screens behind the sign-in import `authClient` itself.
 */
export const loadAuthClient = () =>
  import('./auth-client').then(
    (module) => module.authClient,
    (caught: unknown) => {
      throw toRequestError(caught, 'An error occurred');
    },
  );
