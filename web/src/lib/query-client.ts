import { QueryClient } from '@tanstack/react-query';
import { worthAskingAgain } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: worthAskingAgain, refetchOnWindowFocus: true },
  },
});
