import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toRequestError, type RequestError } from '@/lib/errors';
import { refreshSession } from '@/lib/session-store';

/** The ways of signing in that the screen offers, one at a time. */
export type SignInWay = 'credentials' | 'passkey' | 'guest' | `provider:${string}`;

/**
 * The sign-in screen's one request at a time: which way is under way and why the last one failed.
 * /auth carries no TanStack Query (it stays light, docs/decisions/0020), so this small state stands
 * in for its mutations. A way resolves with the screen to open, or with null to stay (invalid fields).
 */
export function useSignInAttempt() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<SignInWay | null>(null);
  const [error, setError] = useState<RequestError | null>(null);

  /** Signed in: the loaders read the new session, then the next screen opens. */
  const enter = async (to: string) => {
    await refreshSession();
    await navigate(to, { replace: true });
  };

  const attempt = async (way: SignInWay, signIn: () => Promise<string | null>) => {
    setPending(way);
    setError(null);
    try {
      const to = await signIn();
      // Still pending while the next screen loads, so nothing is sent twice.
      if (to) return await enter(to);
    } catch (caught) {
      setError(toRequestError(caught, 'An error occurred'));
    }
    setPending(null);
  };

  return { pending, error, attempt, enter, clearError: () => setError(null) };
}
