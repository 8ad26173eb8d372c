import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';

export const stopImpersonating = () => unwrap(authClient.admin.stopImpersonating(), 'Failed to stop impersonating');

export function useStopImpersonating() {
  return useMutation({
    mutationFn: stopImpersonating,
    // The admin's own session is back: load the console afresh as them.
    onSuccess: () => window.location.reload(),
  });
}
