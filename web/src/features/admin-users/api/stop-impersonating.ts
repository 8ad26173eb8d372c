import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queriesSettled } from '@/lib/query-client';

export const stopImpersonating = () => unwrap(authClient.admin.stopImpersonating(), 'Failed to stop impersonating');

export function useStopImpersonating() {
  return useMutation({
    // The screen's requests, sent as the person impersonated, answer before that session ends.
    mutationFn: () => queriesSettled().then(stopImpersonating),
    // The admin's own session is back: load the console afresh as them.
    onSuccess: () => window.location.reload(),
  });
}
