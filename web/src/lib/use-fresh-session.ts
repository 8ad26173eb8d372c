import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { retryWhenFresh } from './session-freshness';

/** Runs a call, asking for a fresh session where it is refused for want of one (see below). */
export type FreshSessionRun = <T>(action: () => Promise<T>) => Promise<T>;

/** What `FreshSessionDialog` (components/ui) needs: whether it is open and how it ends. */
export interface FreshSessionPrompt {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Asking the person to confirm it is them where Better Auth wants a fresh session, instead of
 * failing. Render `<FreshSessionDialog prompt={fresh.prompt} />` beside the screen, then either
 * - `fresh.run(action)`: runs the call; refused for want of a fresh session, it asks, and once
 *   confirmed runs it again (cancelled, it fails with the refusal);
 * - `fresh.confirm()`: asks now (a query that was refused); resolves true once confirmed.
 */
export function useFreshSession() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    const resolve = waiting.current;
    waiting.current = null;
    setOpen(false);
    resolve?.(confirmed);
  }, []);
  // A screen that goes away while asking cancels the question.
  useEffect(() => () => waiting.current?.(false), []);

  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current?.(false);
        waiting.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const run: FreshSessionRun = useCallback((action) => retryWhenFresh(action, confirm), [confirm]);

  const prompt = useMemo<FreshSessionPrompt>(
    () => ({ open, onConfirmed: () => settle(true), onCancel: () => settle(false) }),
    [open, settle],
  );
  return { run, confirm, prompt };
}
