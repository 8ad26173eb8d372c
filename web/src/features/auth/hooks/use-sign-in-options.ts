import { useCallback, useRef, useState } from 'react';
import type { EmailSignInOptions } from '#common/mail-sign-in';

const NONE: EmailSignInOptions = { link: false, code: false };

/**
 * Which ways of signing in by mail the server offers: none until asked and answered (and none if it
 * cannot be asked: the other ways in still work). Asked when the person starts using the screen, as
 * the auth client is loaded: showing /auth must stay within its budget (decision 0070).
 */
export function useEmailSignInOptions(): { options: EmailSignInOptions; load: () => void } {
  const [options, setOptions] = useState(NONE);
  const asked = useRef(false);
  const load = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    import('../api/get-sign-in-options')
      .then(({ getSignInOptions }) => getSignInOptions())
      .then(
        (answer) => setOptions(answer.emailSignIn),
        () => {
          // Asked again at the next use of the screen.
          asked.current = false;
        },
      );
  }, []);
  return { options, load };
}
