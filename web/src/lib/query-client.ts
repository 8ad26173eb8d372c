import { QueryClient } from '@tanstack/react-query';
import { worthAskingAgain } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: worthAskingAgain, refetchOnWindowFocus: true },
  },
});

/**
 * Resolves once no query is on its way (or after `capMs`). Before the session changes (sign-out, the
 * end of an impersonation), the requests sent as the old one answer first: ended under them, they
 * would be refused.
 */
export function queriesSettled(capMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, capMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) finish();
    });
    if (queryClient.isFetching() === 0) finish();
  });
}
