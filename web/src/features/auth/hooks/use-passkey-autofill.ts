import { useEffect } from 'react';
import { signInWithPasskey } from '../api/sign-in-with-passkey';

/**
 * Offers passkeys in the browser's autofill where it can (conditional mediation). The request waits
 * quietly until the person picks one; any other sign-in aborts it.
 */
export function usePasskeyAutofill(onSignedIn: () => Promise<void>) {
  useEffect(() => {
    let active = true;
    void (async () => {
      const available = await window.PublicKeyCredential?.isConditionalMediationAvailable?.().catch(() => false);
      if (!available || !active) return;
      try {
        await signInWithPasskey({ autoFill: true });
        if (active) await onSignedIn();
      } catch {
        // Aborted or declined: the other ways to sign in stay on screen.
      }
    })();
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit of the screen
  }, []);
}
