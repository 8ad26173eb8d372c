import { queryOptions, useMutation } from '@tanstack/react-query';
import { SETUP_ERROR_CODES, type SetupInput } from '#common/setup';
import { answer, api } from '@/lib/api';
import { RequestError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { refreshSession } from '@/lib/session-store';

export { setupSchema as setupFormSchema } from '#common/setup';

/** Where a setup link stands, as the page tells it. */
export type SetupLinkState = 'open' | 'invalid' | 'done';

/** The state a refusal means (setup done, or the link made up, expired or spent); undefined for any other failure. */
export const setupLinkStateOf = (error: unknown): SetupLinkState | undefined => {
  if (!(error instanceof RequestError)) return undefined;
  if (error.code === SETUP_ERROR_CODES.SETUP_DONE) return 'done';
  if (error.code === SETUP_ERROR_CODES.INVALID_SETUP_LINK) return 'invalid';
  return undefined;
};

/** Whether the printed link can still create the first admin; a refusal the page explains is a state, not an error. */
export const setupLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.setupLink(token),
    queryFn: async (): Promise<SetupLinkState> => {
      try {
        await answer(api.setup.$get({ query: { token } }), 'Failed to check the setup link');
        return 'open';
      } catch (error) {
        const state = setupLinkStateOf(error);
        if (state) return state;
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });

/** Creates the first admin with the link and signs this browser in; resolves to whether it is signed in. */
export async function createFirstAdmin(input: SetupInput): Promise<boolean> {
  const created = await answer(api.setup.$post({ json: input }), 'Failed to create the admin account');
  if (created.data.signedIn) await refreshSession();
  return created.data.signedIn;
}

export const useCreateFirstAdmin = () => useMutation({ mutationFn: createFirstAdmin });
