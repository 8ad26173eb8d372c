import { useEffect, useState } from 'react';
import type { EmailSignInOptions } from '#common/mail-sign-in';

const NONE: EmailSignInOptions = { link: false, code: false };

/**
 * Which ways of signing in by mail the server offers; none until it has said (and none if it cannot
 * be asked: the other ways in still work). Loaded apart from the screen's first chunk.
 */
export function useEmailSignInOptions(): EmailSignInOptions {
  const [options, setOptions] = useState(NONE);
  useEffect(() => {
    let current = true;
    import('../api/get-sign-in-options')
      .then(({ getSignInOptions }) => getSignInOptions())
      .then(
        (answer) => current && setOptions(answer.emailSignIn),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, []);
  return options;
}
